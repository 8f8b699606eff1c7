import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';

/**
 * Renders `ui` at `path` (which may carry a query string) inside the app's providers and a memory
 * router; other paths render their pathname, so a test can assert where a link or a navigation went.
 * `route` is the route's pattern when the page reads parameters (`/admin/events/:id/attendees`).
 */
export function renderWithRouter(
  ui: ReactNode,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route ?? path.split('?')[0], element: ui },
      { path: '*', Component: CurrentPath },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

function CurrentPath() {
  return <p data-testid="current-path">{window.location.pathname}</p>;
}
