import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '@/app/guards/require-auth';
import { useSessionStore } from '@/lib/session-store';
import { UnauthorizedPage } from './unauthorized-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        children: [
          { path: '/user-forms', element: <RequireAuth>form</RequireAuth> },
          { path: '/unauthorized', element: <UnauthorizedPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false });
});

describe('/unauthorized', () => {
  it("offers a guest who lands on it 'Log in'", async () => {
    renderAt('/unauthorized');
    expect(await screen.findByRole('heading', { name: /401 Unauthorized Access/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go Back' })).toBeVisible();
  });

  it("offers no 'Log in' to someone signed in", async () => {
    useSessionStore.setState({ user: { id: 'u1', username: 'member', role: 'member' } });
    renderAt('/unauthorized');
    expect(await screen.findByRole('heading', { name: /401 Unauthorized Access/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
