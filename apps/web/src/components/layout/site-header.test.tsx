import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { toSessionUser } from '@/lib/session-user';
import { makeProfile } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { SiteHeader } from './site-header';

afterEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false });
});

// docs/product-rules.md "Where we differ from the specification": no bell for guests.
describe('the header bell', () => {
  it('is not offered to a guest, who has nothing it could ring about', async () => {
    useSessionStore.setState({ user: null, pendingMembership: false });
    renderWithRouter(<SiteHeader />, { path: '/events' });
    expect(await screen.findByRole('button', { name: /search/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('is offered to a signed-in member', async () => {
    useSessionStore.setState({ user: toSessionUser(makeProfile()), pendingMembership: false });
    renderWithRouter(<SiteHeader />, { path: '/events' });
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });
});
