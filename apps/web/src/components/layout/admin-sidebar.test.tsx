import type { StaffRole } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { AdminSidebar } from './admin-sidebar';

afterEach(() => useSessionStore.setState({ user: null, pendingMembership: false }));

const signInAs = (roles: StaffRole[] | undefined) =>
  useSessionStore.setState({
    user: { id: 's1', username: 'staff', role: 'admin', type: 'admin', isNew: false, roles },
  });

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Admin' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('AdminSidebar (decision 060)', () => {
  it('lists every screen to an administrator', () => {
    signInAs(['admin']);
    renderWithRouter(<AdminSidebar />, { path: '/admin' });
    expect(linkNames()).toEqual([
      'Dashboard',
      'Users',
      'Dues',
      'Events',
      'CPD',
      'News',
      'Announcements',
      'Meet Our Board',
      'Scheduled work',
      'Privacy requests',
      'Breach register',
      'Member directory',
      'Annual meeting',
    ]);
  });

  it('lists only what a treasurer or the secretariat may open', () => {
    signInAs(['treasurer']);
    const { unmount } = renderWithRouter(<AdminSidebar />, { path: '/admin/dues' });
    expect(linkNames()).toEqual(['Users', 'Dues']);
    // The workspace is named by the roles held, and the logo opens the treasurer's landing.
    expect(screen.getByRole('link', { name: /^Admin\s*Treasurer$/ })).toHaveAttribute('href', '/admin/dues');
    unmount();
    signInAs(['secretariat']);
    renderWithRouter(<AdminSidebar />, { path: '/admin' });
    // The breach register is the secretariat's too (docs/decisions/069), not the treasurer's.
    expect(linkNames()).toEqual([
      'Dashboard',
      'Users',
      'Events',
      'CPD',
      'News',
      'Announcements',
      'Meet Our Board',
      'Privacy requests',
      'Breach register',
      'Member directory',
      'Annual meeting',
    ]);
  });

  it('lists everything to an administrator remembered from before roles existed', () => {
    signInAs(undefined);
    renderWithRouter(<AdminSidebar />, { path: '/admin' });
    expect(linkNames()).toHaveLength(13);
  });
});
