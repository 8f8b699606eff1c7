import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { associationFormsPath } from '@portal/shared';
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
  const documents = join(folder, 'documents');
  for (const collection of ['mgb-guidelines-and-forms', 'association-forms', 'member-news']) {
    await mkdir(join(documents, collection), { recursive: true });
    await writeFile(join(documents, collection, 'sample.pdf'), '%PDF-1.7 sample');
  }
  context = await buildTestApp({
    WEB_DIST_DIR: webDist,
    DOCUMENTS_DIR: documents,
    PUBLIC_URL: 'https://portal.example',
  });
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a prerendered path with its page and every other client route with the app shell, not cached', async () => {
    for (const [path, title] of [
      ['/', 'prerendered home'],
      ['/about?tab=1', 'prerendered about'],
      ['/membership', 'app shell'],
      ['/events/123', 'app shell'],
      ['/no/such/page', 'app shell'],
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
    for (const path of ['/api/nothing-here', '/api', '/assets/missing.js', '/uploads/none.webp']) {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    const post = await context.app.inject({ method: 'POST', url: '/about' });
    expect(post.statusCode).toBe(404);
  });

  it('serves the static documents as PDFs', async () => {
    for (const prefix of ['/mgb-guidelines-and-forms', associationFormsPath]) {
      const response = await get(`${prefix}/sample.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.body).toBe('%PDF-1.7 sample');
    }
  });

  it('refuses document names that leave the folder or do not exist', async () => {
    for (const url of [
      '/mgb-guidelines-and-forms/..%2F..%2Fpackage.json',
      '/mgb-guidelines-and-forms/missing.pdf',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Document not found' });
    }
  });

  it("keeps Member's News files from guests", async () => {
    const response = await get('/member-news/sample.pdf');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
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
