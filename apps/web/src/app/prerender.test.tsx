import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, useSessionStore } from '@/lib/session-store';
import { prerenderedPaths, prerenderPage } from './prerender';
import { startApp } from './start-app';

const member: SessionUser = { id: 'u1', username: 'juan.dc', role: 'member', type: 'individual' };

let root: Root | undefined;
let container: HTMLElement;
let problems: unknown[];
const recordError = (event: ErrorEvent) => problems.push(event.error);

beforeEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false });
  // The lists are not under test; the session check fails as when offline (the user stays).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  // Hydration mismatches are reported through console.error and as recoverable errors.
  problems = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
  window.addEventListener('error', recordError);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  window.removeEventListener('error', recordError);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the server sends it, then the client's start on it, as in the browser. */
async function openPrerendered(path: string) {
  const { html, title } = await prerenderPage(path);
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = (await startApp(container)).root;
  });
  return { html, title };
}

describe('prerendered pages (docs/decisions/015)', () => {
  it.each(prerenderedPaths)('%s hydrates without a mismatch', async (path) => {
    const { html, title } = await openPrerendered(path);
    expect(html).toContain('<main id="main"');
    expect(title).toMatch(/MEAP|\|/);
    expect(problems).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(container).toHaveAttribute('data-app-started');
  });

  it('applies a stored session right after hydration, without a mismatch', async () => {
    useSessionStore.setState({ user: member, pendingMembership: true });
    const { html } = await openPrerendered('/membership');
    // The HTML is the guest's: it offers the plans…
    expect(html).toContain('Select Plan');
    // …and the signed-in user, once hydrated, sees the page and header as without prerendering.
    expect(problems).toEqual([]);
    expect(screen.queryByRole('button', { name: /Select Plan/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Account menu for ${member.username}` })).toBeVisible();
    // The bell's code loads for such a member only.
    expect(await screen.findByRole('button', { name: 'Notifications: membership pending' })).toBeVisible();
  });

  it('renders a path that was not prerendered from the empty shell', async () => {
    window.history.replaceState(null, '', '/login');
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = (await startApp(container)).root;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  it('refuses to prerender a path no page answers', async () => {
    await expect(prerenderPage('/no-such-page')).rejects.toThrow('no page answers it');
  });
});
