import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type SessionUser, useSessionStore } from '@/lib/session-store';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';

const member: SessionUser = { id: 'u1', username: 'juan', role: 'member', type: 'individual' };
const admin: SessionUser = { id: 'u2', username: 'ana', role: 'admin', type: 'admin' };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/unauthorized', element: <p>Unauthorized page</p> },
      { path: '/account/two-step', element: <p>Two-step set-up page</p> },
      {
        path: '/login',
        element: (
          <GuestOnly key="login">
            <p>Login page</p>
            <Link to="/register">Register</Link>
          </GuestOnly>
        ),
      },
      {
        path: '/register',
        element: (
          <GuestOnly key="register">
            <p>Register page</p>
          </GuestOnly>
        ),
      },
      {
        element: <RequireAuth />,
        children: [{ path: '/profile', element: <p>Profile page</p> }],
      },
      {
        path: '/admin',
        element: (
          <RequireAuth requiredRole="admin">
            <p>Admin page</p>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false, sessionLost: false });
});

describe('RequireAuth (spec 000 §2 "Guards")', () => {
  it('sends a guest to the login, returning to the same address with its #anchor', () => {
    const router = renderAt('/profile#dues');
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile#dues');
  });

  it('admits a signed-in user, as a layout route', () => {
    useSessionStore.setState({ user: member });
    renderAt('/profile');
    expect(screen.getByText('Profile page')).toBeInTheDocument();
  });

  it('sends a signed-in non-admin away from an admin route', () => {
    useSessionStore.setState({ user: member });
    const router = renderAt('/admin');
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('admits an admin, by role or by type (spec 000 §6)', () => {
    useSessionStore.setState({ user: admin });
    renderAt('/admin');
    expect(screen.getByText('Admin page')).toBeInTheDocument();
  });

  it('sends staff without two-step sign-in to set it up, coming back to the admin page (decision 061)', () => {
    useSessionStore.setState({ user: { ...admin, secondFactor: { required: true, enrolled: false } } });
    const router = renderAt('/admin?tab=1');
    expect(screen.getByText('Two-step set-up page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/two-step');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin?tab=1');
  });

  it('admits staff once two-step sign-in is on', () => {
    useSessionStore.setState({ user: { ...admin, secondFactor: { required: true, enrolled: true } } });
    renderAt('/admin');
    expect(screen.getByText('Admin page')).toBeInTheDocument();
  });

  it('admits a user whose type is admin', () => {
    useSessionStore.setState({ user: { id: 'u3', username: 'old', type: 'admin' } });
    renderAt('/admin');
    expect(screen.getByText('Admin page')).toBeInTheDocument();
  });

  it('sends someone who signs out on a protected page to /login', () => {
    useSessionStore.setState({ user: member });
    const router = renderAt('/profile');
    act(() => useSessionStore.getState().clearUser());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends someone whose session the server refused before the page opened to /login', () => {
    useSessionStore.setState({ user: null, sessionLost: true });
    const router = renderAt('/profile');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('GuestOnly (spec 000 §2 "Guards")', () => {
  it('shows /login and /register to guests', () => {
    renderAt('/login');
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('sends a signed-in user opening /login or /register to /', () => {
    useSessionStore.setState({ user: member });
    const router = renderAt('/login');
    expect(router.state.location.pathname).toBe('/');

    useSessionStore.setState({ user: member });
    const second = renderAt('/register');
    expect(second.state.location.pathname).toBe('/');
  });

  it('lets a sign-in on the login page finish (its own redirect decides), then decides afresh per page', async () => {
    const router = renderAt('/login');
    act(() => useSessionStore.setState({ user: member }));
    expect(screen.getByText('Login page')).toBeInTheDocument();

    await act(() => router.navigate('/register'));
    expect(router.state.location.pathname).toBe('/');
  });
});
