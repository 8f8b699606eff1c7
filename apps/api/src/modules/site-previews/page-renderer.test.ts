import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SERVER_RENDERER_FILE, SERVER_RENDERER_FOLDER, SERVER_SHELL_FILE } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createNewsArticle } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

/**
 * The content pages rendered with their data (docs/decisions/035), with a stand-in for the web
 * build's renderer (apps/web/src/app/render-content-page.tsx, tested on its own there): it reads
 * through the reads the server gives it, as the real one does, and draws the titles it got; the
 * entries of the address a read refuses (named in the route's 400 body) are left out of the
 * address it answers to redirect to.
 */
const renderer = `
export async function renderContentPage(path, reads) {
  const url = new URL(path, 'http://render.invalid');
  if (url.searchParams.has('boom')) throw new Error('the renderer broke');
  const [, kind, id] = url.pathname.split('/');
  const query = Object.fromEntries(url.searchParams);
  let answer;
  try {
    answer = await (kind === 'events'
      ? (id ? reads.getEvent(id) : reads.listEvents({ ...query, status: 'published' }))
      : (id ? reads.getNews(id) : reads.listNews({ ...query, status: 'published' })));
  } catch (error) {
    if (!error.body?.fields) throw error;
    for (const name of Object.keys(error.body.fields)) url.searchParams.delete(name);
    return { redirectTo: url.pathname + url.search };
  }
  const { data } = answer;
  const titles = data.title ? [data.title] : (data.events ?? data.news).map((item) => item.title);
  return {
    html: '<main>' + titles.map((title) => '<h2>' + title + '</h2>').join('') + '</main>',
    title: 'Rendered $& | MEAP',
    stateScript: '<script type="application/json" id="dehydrated-state">{}</script>',
  };
}
`;

const shellHead = `<!doctype html><html><head>
    <meta name="description" content="The association's site." />
    <title>Association</title>`;
const plainShell = `${shellHead}<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;
const rendererShell = `${shellHead}<style>body{}</style></head><body><div id="root"></div></body></html>`;

let folder: string;
let withRenderer: Awaited<ReturnType<typeof buildTestApp>>;
let withoutRenderer: Awaited<ReturnType<typeof buildTestApp>>;
const logLines: string[] = [];

async function webDist(name: string, { renderer: rendererCode }: { renderer?: string }) {
  const dist = join(folder, name);
  await mkdir(join(dist, SERVER_RENDERER_FOLDER), { recursive: true });
  await writeFile(join(dist, 'index.html'), plainShell);
  if (rendererCode) {
    await writeFile(join(dist, SERVER_RENDERER_FOLDER, SERVER_RENDERER_FILE), rendererCode);
    await writeFile(join(dist, SERVER_RENDERER_FOLDER, SERVER_SHELL_FILE), rendererShell);
  }
  return dist;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-page-renderer-'));
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  withRenderer = await buildTestApp(
    { WEB_DIST_DIR: await webDist('with', { renderer }), PUBLIC_URL: 'https://portal.example' },
    { logger: { level: 'error', stream: logStream } },
  );
  withoutRenderer = await buildTestApp({
    WEB_DIST_DIR: await webDist('without', {}),
    PUBLIC_URL: 'https://portal.example',
  });
});
afterAll(async () => {
  await withRenderer?.close();
  await withoutRenderer?.close();
  await rm(folder, { recursive: true, force: true });
});

const get = (context: typeof withRenderer, url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

describe('content pages rendered on the server with their data', () => {
  it('answers /events and /news with the published records in the HTML, before any script', async () => {
    const event = await createEvent(withRenderer.db, { title: 'Slope Stability Training' });
    const draft = await createEvent(withRenderer.db, { title: 'Draft Summit', status: 'draft' });
    const article = await createNewsArticle(withRenderer.db, { title: 'Nickel outlook' });
    for (const [path, title, hidden] of [
      ['/events', event.title, draft.title],
      ['/news?page=1', article.title, 'Hidden'],
    ] as const) {
      const response = await get(withRenderer, path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // The same for every reader: caches may share it a minute (docs/decisions/035).
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      const again = await get(withRenderer, path, { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(response.body).toContain(`<h2>${title}</h2>`);
      expect(response.body).not.toContain(hidden);
      // The shell it fills (the prerendered pages'), its title, and the data after #root.
      expect(response.body).toContain('<style>body{}</style>');
      expect(response.body).toContain('<title>Rendered $&#38; | MEAP</title>');
      expect(response.body).toMatch(
        /<div id="root"><main>.*<\/main><\/div><script type="application\/json" id="dehydrated-state">/,
      );
    }
  });

  it('sends an address with entries the API refuses to the same list without them', async () => {
    await createEvent(withRenderer.db, { title: 'Refusal Workshop' });
    for (const [path, location] of [
      ['/events?page=abc&search=Refusal', '/events?search=Refusal'],
      ['/news?search=a%00b&page=2', '/news?page=2'],
    ] as const) {
      const response = await get(withRenderer, path);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    }
    expect((await get(withRenderer, '/events?search=Refusal')).body).toContain('<h2>Refusal Workshop</h2>');
    expect(logLines.join('')).not.toContain('Rendering the page failed');
  });

  it('reads as a guest, whatever cookies the visitor sends', async () => {
    await createEvent(withRenderer.db, { title: 'Guest Visible Workshop' });
    // Read with the visitor's session, a stale access cookie would be a 401 and no page.
    const response = await get(withRenderer, '/events', { cookie: 'access_token=stale.token.value' });
    expect(response.body).toContain('<h2>Guest Visible Workshop</h2>');
  });

  it("renders an event's and an article's page and keeps their link preview", async () => {
    const event = await createEvent(withRenderer.db, {
      title: 'Mindanao Geology Summit',
      banner_image_url: '/uploads/banner.webp',
    });
    const article = await createNewsArticle(withRenderer.db, {
      title: 'Permits $& "faster"',
      description: 'Shorter reviews.',
    });
    const eventPage = await get(withRenderer, `/events/${event.id}`);
    expect(eventPage.statusCode).toBe(200);
    expect(eventPage.body).toContain('<h2>Mindanao Geology Summit</h2>');
    expect(eventPage.body).toContain('<meta property="og:title" content="Mindanao Geology Summit" />');
    expect(eventPage.body).toContain(
      '<meta property="og:image" content="https://portal.example/uploads/banner.webp" />',
    );
    const articlePage = await get(withRenderer, `/news/${article.id}`);
    expect(articlePage.body).toContain('<h2>Permits $& "faster"</h2>');
    expect(articlePage.body).toContain('<title>Permits $&#38; &#34;faster&#34; | MEAP</title>');
    expect(articlePage.body).toContain('<meta name="description" content="Shorter reviews." />');
    expect(articlePage.body).toContain(
      `<link rel="canonical" href="https://portal.example/news/${article.id}" />`,
    );
  });

  it('answers an unknown or draft record with the plain shell and 404', async () => {
    const draft = await createNewsArticle(withRenderer.db, { title: 'Secret draft', status: 'draft' });
    for (const path of [`/news/${draft.id}`, '/events/7b0a3c4e-0000-4000-8000-000000000000']) {
      const response = await get(withRenderer, path);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(plainShell);
    }
  });

  it('falls back to the plain shell, and logs why, when the renderer fails', async () => {
    const response = await get(withRenderer, '/events?boom=1');
    expect(response.statusCode).toBe(200);
    // The shell with the list's own link tags (site-previews/service.ts `withPageTags`).
    expect(response.body).toContain('<div id="root"></div></body>');
    expect(response.body).toContain('<link rel="canonical" href="https://portal.example/events" />');
    expect(logLines.join('')).toContain('the renderer broke');
  });

  it('falls back to the plain shell, with the link preview, when the web build has no renderer', async () => {
    const article = await createNewsArticle(withoutRenderer.db, { title: 'Copper prices' });
    const list = await get(withoutRenderer, '/news');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<div id="root"></div></body>');
    expect(list.body).toContain('<meta property="og:url" content="https://portal.example/news" />');
    const page = await get(withoutRenderer, `/news/${article.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<meta property="og:title" content="Copper prices" />');
  });

  it('never serves the renderer itself', async () => {
    for (const file of [SERVER_RENDERER_FILE, SERVER_SHELL_FILE]) {
      const response = await get(withRenderer, `/${SERVER_RENDERER_FOLDER}/${file}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('renderContentPage');
    }
  });
});
