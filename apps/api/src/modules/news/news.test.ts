import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticles } from '../../db/schema';
import { createNewsArticle, createUser, signIn, visitorCookie } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { addNewsView } from './service';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const list = (query = '') => context.app.inject({ method: 'GET', url: `/api/news/get-news${query}` });

beforeAll(async () => {
  context = await buildTestApp();
  const { db } = context;
  await createNewsArticle(db, {
    title: 'Draft Board Statement',
    status: 'draft',
    created_at: new Date('2026-02-01'),
  });
  await createNewsArticle(db, {
    title: 'Archived Notice',
    status: 'archived',
    created_at: new Date('2026-02-02'),
  });
  await createNewsArticle(db, {
    title: 'MGB Issues New Exploration Guidelines',
    author: 'Maria Santos',
    image_gallery: ['/uploads/a.webp', '/uploads/b.webp'],
    created_at: new Date('2026-02-03'),
  });
  await createNewsArticle(db, {
    title: 'Geoscience Fair in Baguio',
    author: 'Jose Reyes',
    created_at: new Date('2026-02-04'),
  });
  await createNewsArticle(db, {
    title: 'Quarterly Members Update',
    description: 'Dues rise by 10% from the next quarter.',
    author: 'Maria Santos',
    created_at: new Date('2026-02-05'),
  });
});
afterAll(() => context.close());

describe('GET /api/news/get-news', () => {
  it('lists published articles newest first with a pagination object', async () => {
    const response = await list('?limit=3&status=published');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.news.map((article: { title: string }) => article.title)).toEqual([
      'Quarterly Members Update',
      'Geoscience Fair in Baguio',
      'MGB Issues New Exploration Guidelines',
    ]);
    expect(data.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 3,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect(data.news[2]).toMatchObject({
      image_gallery: ['/uploads/a.webp', '/uploads/b.webp'],
      likes: 0,
      views: 0,
    });
    expect(data.news[2]).not.toHaveProperty('content');
    expect(data.news[2]).not.toHaveProperty('search_text');
    expect(data.news[2]).not.toHaveProperty('searchText');
  });

  it('never shows drafts or archived articles to the public', async () => {
    for (const status of ['draft', 'archived']) {
      const { data } = (await list(`?status=${status}`)).json();
      expect(data.news.map((article: { status: string }) => article.status)).toEqual([
        'published',
        'published',
        'published',
      ]);
    }
  });

  it('filters by author and searches title and description', async () => {
    const titles = async (query: string) =>
      (await list(query)).json().data.news.map((article: { title: string }) => article.title);
    expect(await titles('?author=Maria%20Santos')).toEqual([
      'Quarterly Members Update',
      'MGB Issues New Exploration Guidelines',
    ]);
    expect(await titles('?search=baguio')).toEqual(['Geoscience Fair in Baguio']);
    expect(await titles('?search=draft')).toEqual([]);
    // The description counts too, case-insensitively; LIKE wildcards are matched literally.
    expect(await titles('?search=DUES%20Rise')).toEqual(['Quarterly Members Update']);
    expect(await titles('?search=10%25')).toEqual(['Quarterly Members Update']);
    expect(await titles('?search=%25%25')).toEqual([]);
    expect(await titles('?search=_')).toEqual([]);
  });

  it('pages with page and limit', async () => {
    const { data } = (await list('?limit=2&page=2')).json();
    expect(data.news.map((article: { title: string }) => article.title)).toEqual([
      'MGB Issues New Exploration Guidelines',
    ]);
    expect(data.pagination).toMatchObject({
      page: 2,
      total: 3,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    });
    const byAuthor = (await list('?author=Maria%20Santos&limit=1&page=2')).json().data;
    expect(byAuthor.news.map((article: { title: string }) => article.title)).toEqual([
      'MGB Issues New Exploration Guidelines',
    ]);
    expect(byAuthor.pagination).toMatchObject({ total: 2, hasNext: false });
  });

  it.each([
    ['?limit=0', 'Limit must be at least 1'],
    ['?status=secret', 'Invalid status'],
    ['?page=-1', 'Page must be at least 1'],
    ['?page=0', 'Page must be at least 1'],
  ])('answers 400 with the field message for %s', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'validation_error' });
  });
});

describe('GET /api/news/add-view/{id}', () => {
  const addView = (id: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url: `/api/news/add-view/${id}`, headers });

  const viewsOf = async (id: string) =>
    (await context.db.select().from(newsArticles).where(eq(newsArticles.id, id)))[0]?.views;

  // 1,000 add-views from one client in 2 s once counted 1,000.
  it('counts one view per visitor per hour, however often the same visitor asks', async () => {
    const article = await createNewsArticle(context.db, {
      created_at: new Date('2026-03-01'),
      updated_at: new Date('2026-03-01'),
    });
    const views = await Promise.all([
      addView(article.id),
      addView(article.id),
      addView(article.id, { 'sec-fetch-site': 'same-origin' }),
    ]);
    expect(views.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await viewsOf(article.id)).toBe(1);
    expect((await addView(article.id)).json()).toEqual({ data: { views: 1 } });
    // A view is not an edit.
    const [stored] = await context.db.select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(stored?.updated_at.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('counts two visitors twice: by address, by visitor cookie and by signed-in user', async () => {
    const byAddress = await createNewsArticle(context.db);
    const fromAddress = (remoteAddress: string) =>
      context.app.inject({ url: `/api/news/add-view/${byAddress.id}`, remoteAddress });
    await fromAddress('203.0.113.10');
    await fromAddress('203.0.113.11');
    await fromAddress('203.0.113.10');
    expect(await viewsOf(byAddress.id)).toBe(2);

    // Two guests behind one address, each with the likes' visitor cookie, are two visitors.
    const byCookie = await createNewsArticle(context.db);
    for (const visitor of ['a'.repeat(22), 'b'.repeat(22), 'a'.repeat(22)]) {
      await addView(byCookie.id, { cookie: visitorCookie(context.app, visitor) });
    }
    expect(await viewsOf(byCookie.id)).toBe(2);

    // Ids the server did not sign are no one's: 50 made-up ones from one address are one view.
    const byMadeUpCookies = await createNewsArticle(context.db);
    for (let index = 0; index < 50; index++) {
      await context.app.inject({
        url: `/api/news/add-view/${byMadeUpCookies.id}`,
        remoteAddress: '203.0.113.50',
        headers: { cookie: `visitor_id=${index.toString().padStart(22, 'x')}` },
      });
    }
    expect(await viewsOf(byMadeUpCookies.id)).toBe(1);

    // A signed-in member counts once, whichever address or cookie they come with.
    const byUser = await createNewsArticle(context.db);
    const member = (await signIn(context, await createUser(context.db))).cookie;
    await addView(byUser.id, { cookie: member });
    await context.app.inject({
      url: `/api/news/add-view/${byUser.id}`,
      remoteAddress: '198.51.100.7',
      headers: { cookie: `${member}; ${visitorCookie(context.app, 'c'.repeat(22))}` },
    });
    await addView(byUser.id);
    expect(await viewsOf(byUser.id)).toBe(2);
  });

  // On PostgreSQL these run at once (PGlite queues them): the count is exact either way.
  it('counts concurrent views exactly: one per distinct visitor, one for a visitor asking many times', async () => {
    const article = await createNewsArticle(context.db);
    const visitors = Array.from({ length: 200 }, (_, index) => `203.0.113.${index % 100}`);
    const fromAddress = (remoteAddress: string) =>
      context.app.inject({ url: `/api/news/add-view/${article.id}`, remoteAddress });
    const answers = await Promise.all(visitors.map(fromAddress));
    expect(answers.filter((response) => response.statusCode !== 200)).toEqual([]);
    expect(await viewsOf(article.id)).toBe(100);
  });

  it('counts the same visitor again in a new hour', async () => {
    const article = await createNewsArticle(context.db);
    const viewer = { manages: false, viewerKey: 'address:192.0.2.1' };
    const at = (time: string) => addNewsView(context.db, article.id, viewer, new Date(time));
    expect(await at('2026-05-01T10:00:00Z')).toEqual({ views: 1 });
    expect(await at('2026-05-01T10:59:59Z')).toEqual({ views: 1 });
    expect(await at('2026-05-01T11:00:00Z')).toEqual({ views: 2 });
    expect(await at('2026-05-01T11:30:00Z')).toEqual({ views: 2 });
    expect(await at('2026-05-01T09:30:00Z')).toEqual({ views: 3 });
  });

  it('answers 404 for drafts and unknown articles, 400 for a malformed id', async () => {
    const draft = await createNewsArticle(context.db, { status: 'draft' });
    expect((await addView(draft.id)).json()).toMatchObject({ error: 'Article not found' });
    expect((await addView('7b0a3c4e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await addView('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Invalid id', code: 'validation_error' });
  });

  it('refuses a count requested by another site', async () => {
    const article = await createNewsArticle(context.db);
    const crossSiteHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSiteHeaders) {
      const response = await addView(article.id, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Cross-site request refused', code: 'cross_site_request' });
    }
    const [stored] = await context.db.select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(stored?.views).toBe(0);
  });
});

describe('GET /api/news/get-authors', () => {
  it('lists the distinct authors of published articles to the public, whatever status is asked', async () => {
    await createNewsArticle(context.db, { author: 'Zed Draftwriter', status: 'draft' });
    for (const query of ['', '?status=draft', '?status=archived']) {
      const publicAuthors = (await context.app.inject({ url: `/api/news/get-authors${query}` })).json().data
        .authors;
      expect(publicAuthors).toContain('Maria Santos');
      expect(publicAuthors).toContain('Jose Reyes');
      expect(publicAuthors).not.toContain('Zed Draftwriter');
      expect(new Set(publicAuthors).size).toBe(publicAuthors.length);
    }
    const bad = await context.app.inject({ url: '/api/news/get-authors?status=secret' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid status' });
  });
});

describe('as an admin', () => {
  let adminCookie: string;
  const asAdmin = (url: string) => context.app.inject({ url, headers: { cookie: adminCookie } });
  beforeAll(async () => {
    adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
    // Apart in time: the embedded database's clock can give articles written together one instant.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await createNewsArticle(context.db, {
      title: 'Ulla draft',
      author: 'Ulla Archivist',
      status: 'draft',
      created_at: minutesAgo(3),
    });
    await createNewsArticle(context.db, {
      title: 'Ulla archived',
      author: 'Ulla Archivist',
      status: 'archived',
      created_at: minutesAgo(2),
    });
    await createNewsArticle(context.db, {
      title: 'Ulla published',
      author: 'Ulla Archivist',
      created_at: minutesAgo(1),
    });
    await createNewsArticle(context.db, { title: 'Vic draft', author: 'Vic Onlydrafts', status: 'draft' });
  });

  it('filters by author over every status, or over the status asked', async () => {
    const titles = async (query: string) =>
      (await asAdmin(`/api/news/get-news${query}`))
        .json()
        .data.news.map((article: { title: string }) => article.title);
    expect(await titles('?author=Ulla%20Archivist')).toEqual([
      'Ulla published',
      'Ulla archived',
      'Ulla draft',
    ]);
    expect(await titles('?author=Ulla%20Archivist&status=draft')).toEqual(['Ulla draft']);
    expect(await titles('?author=Vic%20Onlydrafts')).toEqual(['Vic draft']);
    // The same filter for a guest finds the published article only.
    const guest = (await list('?author=Ulla%20Archivist')).json().data.news;
    expect(guest.map((article: { title: string }) => article.title)).toEqual(['Ulla published']);
    expect((await list('?author=Vic%20Onlydrafts')).json().data.news).toEqual([]);
  });

  it('gets the author options of the status the list shows, or of all', async () => {
    const authors = async (query: string) =>
      (await asAdmin(`/api/news/get-authors${query}`)).json().data.authors as string[];
    const all = await authors('');
    expect(all).toEqual(expect.arrayContaining(['Ulla Archivist', 'Vic Onlydrafts', 'Maria Santos']));
    const published = await authors('?status=published');
    expect(published).toEqual(expect.arrayContaining(['Ulla Archivist', 'Maria Santos']));
    expect(published).not.toContain('Vic Onlydrafts');
    const drafts = await authors('?status=draft');
    expect(drafts).toEqual(expect.arrayContaining(['Ulla Archivist', 'Vic Onlydrafts']));
    expect(drafts).not.toContain('Maria Santos');
  });
});
