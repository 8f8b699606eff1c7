import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { revalidateSession } from './lib/session-actions';
import { registerNavigate } from './lib/session-events';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createAppRouter();
// The api client's session protocol navigates from outside React (spec 000 §8). Already there
// (a guard got there first): no second history entry for the same page.
registerNavigate((to) => {
  if (router.state.location.pathname !== to) void router.navigate(to);
});

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// After the first render is queued: the stored user shows at once and is corrected if stale.
void revalidateSession();
