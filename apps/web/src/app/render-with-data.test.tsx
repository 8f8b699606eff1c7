import type { EventDetail, NewsDetail } from '@portal/shared';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEventDetail } from '@/features/events/test-fixtures';
import { makeNewsArticle } from '@/features/news/test-fixtures';
import { json } from '@/test/fixtures';
import { renderWithData, setApiTransport } from './render-with-data';
import { startApp } from './start-app';

// Pages are lazy chunks: the first visit of each in a run waits for its module to be transformed.
vi.setConfig({ testTimeout: 20_000 });

const event = makeEventDetail({
  title: 'Slope Stability Training',
  status: 'published',
  description: 'A day on slopes.',
  content: '<p>Bring your field boots.</p>',
  price: 4500,
});
const article: NewsDetail = makeNewsArticle({
  title: 'Nickel outlook </script><b>firm</b>',
  description: 'Prices firm up.',
  content: '<p>Shipments rose in the third quarter.</p>',
  author: 'Secretariat',
});
const { content: _eventContent, ...eventSummary } = event satisfies EventDetail;
const { content: _articleContent, isLiked: _isLiked, ...articleSummary } = article;
const onePage = { page: 1, limit: 8, total: 1, totalPages: 1, hasNext: false, hasPrev: false };

/** The API as the server renderer reaches it (the server sends these into the API in-process). */
const calls: string[] = [];
async function fakeApi(url: string) {
  const { pathname } = new URL(url, 'http://localhost');
  calls.push(pathname);
  if (pathname === '/api/events/retrieve-events')
    return json({ data: { ...onePage, events: [eventSummary] } });
  if (pathname === `/api/events/retrieve-events/${event.id}`) return json({ data: event });
  if (pathname === '/api/news/get-news')
    return json({ data: { news: [articleSummary], pagination: onePage } });
  if (pathname === '/api/news/get-authors') return json({ data: { authors: ['Secretariat'] } });
  if (pathname === `/api/news/get-news/${article.id}`) return json({ data: article });
  return json({ error: 'Not found' }, 404);
}

let root: Root | undefined;
let container: HTMLElement | undefined;
let problems: unknown[];
const recordError = (event: ErrorEvent) => problems.push(event.error);

beforeEach(() => {
  calls.length = 0;
  setApiTransport(fakeApi);
  // Hydration mismatches are reported through console.error and as recoverable errors.
  problems = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
  window.addEventListener('error', recordError);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.removeEventListener('error', recordError);
  vi.restoreAllMocks();
});
afterAll(() => setApiTransport((url, init) => fetch(url, init)));

async function rendered(path: string) {
  const page = await renderWithData(path);
  if (!page) throw new Error(`${path} was not rendered`);
  return page;
}

/** The page as the server sends it, then the client's start on it, as in the browser. */
async function openRendered(path: string, { withData = true } = {}) {
  const page = await rendered(path);
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.append(container);
  if (withData) document.body.insertAdjacentHTML('beforeend', page.dataScript);
  await act(async () => {
    root = (await startApp(container as HTMLElement)).root;
  });
  return page;
}

describe('content pages rendered with their data (docs/decisions/030)', () => {
  it('renders /events with its events, through the transport', async () => {
    const page = await rendered('/events?search=slope');
    expect(page.title).toBe('Events | MEAP');
    expect(page.html).toContain('Slope Stability Training');
    expect(page.html).not.toContain('Loading events');
    expect(calls).toEqual(['/api/events/retrieve-events']);
  });

  it('renders /news with its articles and the author filter', async () => {
    const page = await rendered('/news');
    expect(page.html).toContain('Nickel outlook &lt;/script&gt;&lt;b&gt;firm&lt;/b&gt;');
    expect(page.html).toContain('<option value="Secretariat">Secretariat</option>');
    expect(calls.toSorted()).toEqual(['/api/news/get-authors', '/api/news/get-news']);
  });

  it("renders an event's page and an article's page with their content", async () => {
    const eventPage = await rendered(`/events/${event.id}`);
    expect(eventPage.title).toBe('Event | MEAP');
    expect(eventPage.html).toContain('Slope Stability Training');
    expect(eventPage.html).toContain('Bring your field boots.');
    expect(eventPage.html).toContain('₱4,500.00');
    const articlePage = await rendered(`/news/${article.id}`);
    expect(articlePage.html).toContain('Shipments rose in the third quarter.');
    expect(articlePage.html).toMatch(/By (<!-- -->)?Secretariat/);
  });

  it('carries the data in a JSON script that no text of it can close', async () => {
    const { dataScript } = await rendered(`/news/${article.id}`);
    expect(dataScript).toMatch(/^<script type="application\/json" id="seeded-queries">\[.*\]<\/script>$/);
    expect(dataScript.match(/<\/script>/g)).toHaveLength(1);
    const holder = document.createElement('div');
    holder.innerHTML = dataScript;
    expect(JSON.parse(holder.textContent ?? '')).toEqual([[['news', 'article', article.id], article]]);
  });

  it('renders nothing for an unknown record or a path no page answers (the server sends the shell)', async () => {
    expect(await renderWithData('/news/7b0a3c4e-0000-4000-8000-999999999999')).toBeNull();
    expect(await renderWithData('/events/00000000-0000-4000-8000-999999999999')).toBeNull();
    expect(await renderWithData('/no-such-page')).toBeNull();
  });

  it.each([
    ['/events', 'Slope Stability Training'],
    ['/news', 'Nickel outlook </script><b>firm</b>'],
    [`/events/${event.id}`, 'Slope Stability Training'],
    [`/news/${article.id}`, 'Nickel outlook </script><b>firm</b>'],
  ])('%s hydrates from the seeded data without a mismatch', async (path, title) => {
    await openRendered(path);
    expect(problems).toEqual([]);
    expect(screen.getAllByText(title)[0]).toBeVisible();
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(container).toHaveAttribute('data-app-started');
  });

  it('detects a mismatch: the same HTML hydrated without its data does not match', async () => {
    await openRendered('/events', { withData: false });
    expect(problems.map(String).join('\n')).toContain('Hydration failed');
  });
});
