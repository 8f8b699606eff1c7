import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { CompleteApplicationStrip } from './complete-application-call';

afterEach(() => useSessionStore.setState({ user: null, pendingMembership: false }));

describe('CompleteApplicationStrip', () => {
  it('calls a signed-in new account to the membership form', () => {
    useSessionStore.setState({
      user: { id: 'u1', username: 'newbie', role: 'member', type: 'user', isNew: true },
    });
    renderWithRouter(<CompleteApplicationStrip />, { path: '/about' });
    expect(screen.getByRole('link', { name: 'Complete your membership application' })).toHaveAttribute(
      'href',
      '/user-forms',
    );
  });

  it.each([
    ['a guest', null],
    ['a member who applied', { id: 'u2', username: 'member', role: 'member', type: 'company', isNew: false }],
    ['an admin', { id: 'u3', username: 'admin', role: 'admin', type: 'admin', isNew: true }],
  ])('says nothing to %s', (_who, user) => {
    useSessionStore.setState({ user });
    renderWithRouter(<CompleteApplicationStrip />, { path: '/about' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['awaiting_payment', 'Pay your membership dues to activate your membership'],
    ['overdue', 'Your membership dues are overdue: pay them to stay a member in good standing'],
  ] as const)(
    'calls a member whose dues are %s to the Dues of their profile, except there',
    (duesToPay, text) => {
      useSessionStore.setState({
        user: { id: 'u4', username: 'billed', role: 'member', type: 'individual', isNew: false, duesToPay },
      });
      const { unmount } = renderWithRouter(<CompleteApplicationStrip />, { path: '/events' });
      expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', '/profile#dues');
      unmount();
      renderWithRouter(<CompleteApplicationStrip />, { path: '/profile' });
      expect(screen.queryByRole('link')).toBeNull();
    },
  );
});
