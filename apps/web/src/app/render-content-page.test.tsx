import {
  type ContentReads,
  DEHYDRATED_STATE_SCRIPT_ID,
  type EventDetail,
  eventListQuerySchema,
  type NewsDetail,
  newsListQuerySchema,
  type QueryValue,
  toQueryString,
} from '@portal/shared';
import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEventDetail } from '@/features/events/test-fixtures';
import { makeNewsArticle } from '@/features/news/test-fixtures';
import { json, queryRefusal } from '@/test/fixtures';
import { renderContentPage } from './render-content-page';
import { startApp } from './start-app';

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
const { content: _eventContent, ...eventDetailFields } = event satisfies EventDetail;
const eventSummary = { ...eventDetailFields, price_range: null };
const { content: _articleContent, isLiked: _isLiked, ...articleSummary } = article;
const onePage = { page: 1, limit: 8, total: 1, totalPages: 1, hasNext: false, hasPrev: false };

/**
 * What the API answers the server renderer (apps/api site-previews/content-reads.ts), recorded. A
 * list's query is checked with its route's schema, and refused as the server's reads refuse it:
 * with the route's 400 body as `body`.
 */
const reads: string[] = [];
const cardToken = 'lu792InAQ4wvmACcZm2rGU_6uBwuqtts2Z91MT2qhts';
const verification = {
  standing: 'active',
  name: 'Cordillera Copper Exploration',
  category: 'Regular',
  memberNumber: 'MEAP-2026-0042',
  validThrough: '2027-08-06',
} as const;
const notFound = () => Promise.reject(Object.assign(new Error('Not found'), { statusCode: 404 }));
const checkQuery = (
  schema: typeof eventListQuerySchema | typeof newsListQuerySchema,
  query: Record<string, QueryValue>,
) => {
  const refusal = queryRefusal(schema, new URLSearchParams(toQueryString(query)));
  if (refusal) throw Object.assign(new Error(refusal.error), { body: refusal });
};
const contentReads: ContentReads = {
  listEvents: async (query) => {
    reads.push(`listEvents ${JSON.stringify(query)}`);
    checkQuery(eventListQuerySchema, query);
    return { data: { ...onePage, events: [eventSummary] } };
  },
  getEvent: async (id) => {
    reads.push(`getEvent ${id}`);
    return id === event.id ? { data: event } : notFound();
  },
  listNews: async (query) => {
    reads.push(`listNews ${JSON.stringify(query)}`);
    checkQuery(newsListQuerySchema, query);
    return { data: { news: [articleSummary], pagination: onePage } };
  },
  listNewsAuthors: async (query) => {
    reads.push(`listNewsAuthors ${JSON.stringify(query)}`);
    return { data: { authors: ['Secretariat'] } };
  },
  getNews: async (id) => {
    reads.push(`getNews ${id}`);
    return id === article.id ? { data: article } : notFound();
  },
  verifyCard: async (token) => {
    reads.push(`verifyCard ${token}`);
    return { data: token === cardToken ? verification : { standing: 'not_found' } };
  },
  verifyCertificate: async (number) => {
    reads.push(`verifyCertificate ${number}`);
    return { data: { status: 'not_found' } };
  },
  listDirectory: async () => ({
    data: [],
    pagination: { page: 1, limit: 24, total: 0, totalPages: 1, hasNext: false, hasPrev: false },
  }),
  getDirectoryEntry: () => notFound(),
};

/** The same answers over HTTP, as the browser fetches them again once the app has started. */
const fetched: string[] = [];
async function fakeApi(url: string) {
  const { pathname } = new URL(url, 'http://localhost');
  fetched.push(pathname);
  if (pathname === '/api/events/retrieve-events')
    return json({ data: { ...onePage, events: [eventSummary] } });
  if (pathname === `/api/events/retrieve-events/${event.id}`) return json({ data: event });
  if (pathname === '/api/news/get-news')
    return json({ data: { news: [articleSummary], pagination: onePage } });
  if (pathname === '/api/news/get-authors') return json({ data: { authors: ['Secretariat'] } });
  if (pathname === `/api/news/get-news/${article.id}`) return json({ data: article });
  if (pathname === `/api/verify/${cardToken}`) return json({ data: verification });
  return json({ error: 'Not found' }, 404);
}

let root: Root | undefined;
let container: HTMLElement | undefined;
let problems: unknown[];
const recordError = (event: ErrorEvent) => problems.push(event.error);

beforeEach(() => {
  reads.length = 0;
  fetched.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeApi));
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function rendered(path: string) {
  const page = await renderContentPage(path, contentReads);
  if (!page || !('html' in page)) throw new Error(`${path} was not rendered`);
  return page;
}

/** The page as the server sends it, then the client's start on it, as in the browser. */
async function openRendered(path: string, { withData = true } = {}) {
  const page = await rendered(path);
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.append(container);
  if (withData) document.body.insertAdjacentHTML('beforeend', page.stateScript);
  await act(async () => {
    root = (await startApp(container as HTMLElement)).root;
  });
  return page;
}

describe('content pages rendered with their data (docs/decisions/035)', () => {
  it('renders /events with the events its address asks for, read once before rendering', async () => {
    const page = await rendered('/events?search=slope&other=1');
    expect(page.title).toBe('Events | MEAP');
    expect(page.html).toContain('Slope Stability Training');
    expect(page.html).not.toContain('Loading events');
    // The request the list's hook makes: the address's filters as text, page 1 when it names none,
    // the upcoming events when it names no view (docs/decisions/045).
    expect(reads).toEqual([
      'listEvents {"page":"1","search":"slope","when":"upcoming","status":"published"}',
    ]);
  });

  it('sends an address with entries the API refuses to the same list without them', async () => {
    expect(await renderContentPage('/events?search=slope&page=abc&event_type=Party', contentReads)).toEqual({
      redirectTo: '/events?search=slope',
    });
    // A control character in a search, or an author too long; the page and the rest stay.
    expect(
      await renderContentPage(
        `/news?search=a%00b&page=2&author=${'x'.repeat(201)}&status=draft`,
        contentReads,
      ),
    ).toEqual({ redirectTo: '/news?page=2&status=draft' });
    // A failure that names no entry of the address is no refusal: the server sends the shell.
    const failing = { ...contentReads, listEvents: () => Promise.reject(new Error('database down')) };
    await expect(renderContentPage('/events?page=abc', failing)).rejects.toThrow('database down');
  });

  it("renders /news with a guest's articles and the author filter", async () => {
    const page = await rendered('/news?status=draft');
    expect(page.html).toContain('Nickel outlook &lt;/script&gt;&lt;b&gt;firm&lt;/b&gt;');
    expect(page.html).toContain('<option value="Secretariat">Secretariat</option>');
    // A guest sees published articles whatever the address asks (docs/decisions/026).
    expect(reads.toSorted()).toEqual([
      'listNews {"page":"1","status":"published"}',
      'listNewsAuthors {"status":"published"}',
    ]);
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
    expect(reads).toEqual([`getEvent ${event.id}`, `getNews ${article.id}`]);
  });

  it('carries the data as the dehydrated cache, in a JSON script that no text of it can close', async () => {
    const { stateScript } = await rendered(`/news/${article.id}`);
    expect(stateScript).toMatch(
      new RegExp(`^<script type="application/json" id="${DEHYDRATED_STATE_SCRIPT_ID}">\\{.*\\}</script>$`),
    );
    expect(stateScript.match(/<\/script>/g)).toHaveLength(1);
    const holder = document.createElement('div');
    holder.innerHTML = stateScript;
    const state = JSON.parse(holder.textContent ?? '');
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]).toMatchObject({
      queryKey: ['news', 'article', article.id],
      state: { status: 'success', data: article },
    });
  });

  it("renders a card's verification page with its standing, and Not found for another token", async () => {
    const page = await rendered(`/verify/${cardToken}`);
    expect(page.title).toBe('Membership verification | MEAP');
    expect(page.html).toContain('Active until August 6, 2027');
    expect(page.html).toContain('Cordillera Copper Exploration');
    expect(page.html).toContain('MEAP-2026-0042');
    expect((await rendered('/verify/guessed')).html).toContain('Not found');
    expect(reads).toEqual([`verifyCard ${cardToken}`, 'verifyCard guessed']);
  });

  it('renders nothing for a path no content page answers, and fails when a read fails', async () => {
    expect(await renderContentPage('/about', contentReads)).toBeNull();
    expect(await renderContentPage('/no-such-page', contentReads)).toBeNull();
    await expect(
      renderContentPage('/news/7b0a3c4e-0000-4000-8000-999999999999', contentReads),
    ).rejects.toThrow('Not found');
  });

  it.each([
    ['/events', 'Slope Stability Training', ['/api/events/retrieve-events']],
    ['/news', 'Nickel outlook </script><b>firm</b>', ['/api/news/get-authors', '/api/news/get-news']],
    [`/events/${event.id}`, 'Slope Stability Training', [`/api/events/retrieve-events/${event.id}`]],
    [`/news/${article.id}`, 'Nickel outlook </script><b>firm</b>', [`/api/news/get-news/${article.id}`]],
    [`/verify/${cardToken}`, 'Active until August 6, 2027', [`/api/verify/${cardToken}`]],
  ])(
    '%s hydrates from its data without a mismatch, then fetches the viewer’s own',
    async (path, title, calls) => {
      await openRendered(path);
      expect(problems).toEqual([]);
      expect(screen.getAllByText(title)[0]).toBeVisible();
      expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
      expect(container).toHaveAttribute('data-app-started');
      // Drawn for a guest: each query is fetched again with the viewer's session (twice under
      // StrictMode, which mounts every effect twice in tests).
      await waitFor(() => expect([...new Set(fetched)].toSorted()).toEqual(calls));
    },
  );

  it('hydrates the address it redirects to without a mismatch', async () => {
    const redirect = await renderContentPage('/events?page=abc&search=slope', contentReads);
    await openRendered((redirect as { redirectTo: string }).redirectTo);
    expect(problems).toEqual([]);
    expect(window.location.search).toBe('?search=slope');
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('slope');
    expect(screen.getByText('Slope Stability Training')).toBeVisible();
  });

  it('detects a mismatch: the same HTML hydrated without its data does not match', async () => {
    await openRendered('/events', { withData: false });
    expect(problems.map(String).join('\n')).toContain('Hydration failed');
  });
});
