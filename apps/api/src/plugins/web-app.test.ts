import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { associationFormsPath, SITE_ROUTES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;
const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-web-'));
  const webDist = join(folder, 'web');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
  await mkdir(join(webDist, 'pages'));
  await writeFile(join(webDist, 'pages', 'index.html'), '<!doctype html><title>prerendered home</title>');
  await writeFile(
    join(webDist, 'pages', 'about.html'),
    `<!doctype html><title>prerendered about</title>${'<p>About us</p>'.repeat(200)}`,
  );
  await writeFile(join(webDist, 'assets', 'index-Ab12Cd.js'), 'console.log("app")');
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  context = await buildTestApp({
    WEB_DIST_DIR: webDist,
    PUBLIC_URL: 'https://portal.example',
  });
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a prerendered path with its page and every other page with the app shell, not cached', async () => {
    for (const [path, title] of [
      ['/', 'prerendered home'],
      ['/about?tab=1', 'prerendered about'],
      ['/membership', 'app shell'],
      ['/admin/board', 'app shell'],
      ['/About/', 'app shell'],
    ] as const) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(title);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const head = await context.app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('answers every page the web router declares (SITE_ROUTES) with 200', async () => {
    // An article's or event's page answers 404 when there is no such published record
    // (plugins/site-previews.test.ts), so crawlers do not index empty pages; a card's verification
    // page when no card has the token (site-previews/verify-page.test.ts), a certificate's when no
    // certificate has the code (cpd/verify-page.test.ts), a directory entry's when no entry is
    // listed under the id (directory/directory.test.ts).
    for (const route of SITE_ROUTES.filter(
      (route) => !/^\/((news|events|directory)\/:id|verify\/:token|certificates\/verify\/:code)$/.test(route),
    )) {
      const response = await get(route.replaceAll(/:\w+/g, 'some-id'));
      expect([route, response.statusCode]).toEqual([route, 200]);
    }
  });

  it('answers an address that matches no page with 404 and the app shell, which shows its not-found page', async () => {
    for (const path of [
      '/no/such/page',
      '/about/more',
      '/admin/nothing',
      '/events/123/more',
      '/profile/nothing',
    ]) {
      const response = await get(path);
      expect([path, response.statusCode]).toEqual([path, 404]);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('app shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const head = await context.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
  });

  it('serves the prerendered pages compressed, at their own paths only', async () => {
    const page = await get('/about', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    const response = await get('/pages/about.html');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/index-Ab12Cd.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
  });

  it('answers unknown API paths and missing files with a JSON 404, never the app shell', async () => {
    // An upload's name without an extension was once answered with the web page.
    for (const path of [
      '/api/nothing-here',
      '/api',
      '/assets/missing.js',
      '/uploads/none.webp',
      '/uploads/none',
    ]) {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    // A page the fallback answers takes no POST either (pages with routes of their own answer 405, below).
    const post = await context.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });

  // PATCH and OPTIONS were once answered 404.
  it('answers a known address asked with a method it does not take with 405 and the methods it takes', async () => {
    for (const [method, url, allow] of [
      ['PATCH', '/api/boards/get-board-members', 'GET, HEAD'],
      ['OPTIONS', '/api/auth/login', 'POST'],
      ['DELETE', '/api/news/get-news?search=x', 'GET, HEAD'],
      ['POST', '/about', 'GET, HEAD'],
      ['POST', '/events', 'GET, HEAD'],
      ['PATCH', '/api/boards/admin/update-board-member/6c4a1a5e-4f7e-4a53-9c1e-2b1f0a9d8e7c', 'PUT'],
    ] as const) {
      const response = await context.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.json()).toEqual({ error: 'Method not allowed', code: 'method_not_allowed' });
    }
  });

  it('serves robots.txt and a sitemap with the public pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: https://portal.example/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://portal.example/membership</loc>');
    expect(sitemap.body).toContain(`<loc>https://portal.example${associationFormsPath}</loc>`);
  });

  it('compresses large responses', async () => {
    const response = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
