import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed as readFeed } from '@rowanmanning/feed-parser';
import { eq } from 'drizzle-orm';
import { parseFeed } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../db/schema';
import { createEvent, createNewsArticle } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;
const get = (url: string) => context.app.inject({ method: 'GET', url });

const shell = `<!doctype html><html><head>
    <meta name="description" content="The association's site." />
    <link rel="alternate" type="application/rss+xml" title="News" href="/rss.xml" />
    <title>Association</title>
  </head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-previews-'));
  const webDist = join(folder, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), shell);
  context = await buildTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://portal.example' });
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the RSS feed', () => {
  it('lists published articles only, newest first, and parses as a feed', async () => {
    await createNewsArticle(context.db, {
      title: 'Nickel & cobalt outlook',
      description: 'Prices <firm> up.',
      image_gallery: ['/uploads/feed-a.webp'],
      created_at: new Date('2026-05-02'),
    });
    await createNewsArticle(context.db, { title: 'Dues for 2027', created_at: new Date('2026-05-03') });
    await createNewsArticle(context.db, {
      title: 'Secret draft',
      status: 'draft',
      created_at: new Date('2026-05-04'),
    });
    const response = await get('/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    const feed = parseFeed(response.body);
    expect(feed?.type).toBe('rss');
    expect(feed?.title).toContain('News');
    const titles = feed?.items.map((item) => item.title);
    expect(titles?.slice(0, 2)).toEqual(['Dues for 2027', 'Nickel & cobalt outlook']);
    expect(titles).not.toContain('Secret draft');
    expect(feed?.items[1]?.link).toMatch(/^https:\/\/portal\.example\/news\/[0-9a-f-]{36}$/);
    expect(feed?.items[1]?.description).toBe('Prices <firm> up.');
  });
});

describe('the RSS feed, as a feed reader reads it', () => {
  it('names each author by Dublin Core and gives an uploaded image its length in bytes', async () => {
    const image = `/uploads/${randomUUID()}.webp`;
    const article = await createNewsArticle(context.db, {
      title: 'Drilling season opens',
      author: 'Ana Cruz',
      image_gallery: [image],
      created_at: new Date('2099-01-01'),
    });
    await context.db
      .update(uploadedFiles)
      .set({ byteSize: 48_213 })
      .where(eq(uploadedFiles.publicPath, image));
    const response = await get('/rss.xml');
    // RSS 2.0's <author> must be an e-mail address: the name alone goes in <dc:creator>.
    expect(response.body).not.toContain('<author>');
    const item = readFeed(response.body).items.find((entry) => entry.title === article.title);
    expect(item?.authors).toEqual([expect.objectContaining({ name: 'Ana Cruz' })]);
    expect(item?.media).toEqual([
      expect.objectContaining({
        url: `https://portal.example${image}`,
        length: 48_213,
        mimeType: 'image/webp',
      }),
    ]);
  });
});

describe('link previews in the HTML of /news/{id} and /events/{id}', () => {
  it("puts an article's title, description and first image in Open Graph and Twitter tags, escaped", async () => {
    const article = await createNewsArticle(context.db, {
      title: 'Exploration "permits" <fast>',
      description: 'Shorter reviews & more.',
      image_gallery: ['/uploads/og-first.webp', '/uploads/og-second.webp'],
    });
    const response = await get(`/news/${article.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(
      '<meta property="og:title" content="Exploration &#34;permits&#34; &#60;fast&#62;" />',
    );
    expect(html).toContain('<meta property="og:description" content="Shorter reviews &#38; more." />');
    expect(html).toContain(
      '<meta property="og:image" content="https://portal.example/uploads/og-first.webp" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<meta name="twitter:image" content="https://portal.example/uploads/og-first.webp" />',
    );
    expect(html).toContain('<meta name="description" content="Shorter reviews &#38; more." />');
    expect(html).toContain(`<link rel="canonical" href="https://portal.example/news/${article.id}" />`);
    expect(html).not.toContain('<fast>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('answers a draft or unknown article with the plain shell and 404', async () => {
    const draft = await createNewsArticle(context.db, { status: 'draft', title: 'Hidden draft' });
    for (const id of [draft.id, '7b0a3c4e-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await get(`/news/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('og:title');
      expect(response.body).not.toContain('Hidden draft');
    }
  });

  it("gives an event's preview from its title, description and banner", async () => {
    const event = await createEvent(context.db, {
      title: 'Mindanao Geology Summit',
      description: 'Two days on porphyry copper.',
      banner_image_url: '/uploads/banner.webp',
      status: 'published',
    });
    const response = await get(`/events/${event.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta property="og:title" content="Mindanao Geology Summit" />');
    expect(response.body).toContain(
      '<meta property="og:image" content="https://portal.example/uploads/banner.webp" />',
    );
  });

  it("keeps a cancelled event's page and preview, and answers a draft event's with 404", async () => {
    const cancelled = await createEvent(context.db, { title: 'Called-off Field Trip', status: 'cancelled' });
    const draft = await createEvent(context.db, { title: 'Unannounced Workshop', status: 'draft' });
    const cancelledPage = await get(`/events/${cancelled.id}`);
    expect(cancelledPage.statusCode).toBe(200);
    expect(cancelledPage.body).toContain('<meta property="og:title" content="Called-off Field Trip" />');
    const draftPage = await get(`/events/${draft.id}`);
    expect(draftPage.statusCode).toBe(404);
    expect(draftPage.body).not.toContain('Unannounced Workshop');
  });

  // docs/decisions/022: a gallery image given by address is shown from its https host.
  it('serves the article page under a policy that lets https images load, and nothing over http', async () => {
    const article = await createNewsArticle(context.db);
    const response = await get(`/news/${article.id}`);
    expect(response.statusCode).toBe(200);
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    // Only images: scripts, styles and connections stay with the site itself.
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });
});

describe('the sitemap', () => {
  it('lists the news page and each published article with its last change', async () => {
    const published = await createNewsArticle(context.db, { updated_at: new Date('2026-06-01T00:00:00Z') });
    const draft = await createNewsArticle(context.db, { status: 'draft' });
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://portal.example/news</loc>');
    expect(sitemap).toContain(
      `<url><loc>https://portal.example/news/${published.id}</loc><lastmod>2026-06-01T00:00:00.000Z</lastmod></url>`,
    );
    expect(sitemap).not.toContain(draft.id);
  });

  it('lists each published event with its last change, and no draft or cancelled one', async () => {
    const published = await createEvent(context.db, {
      status: 'published',
      updated_at: new Date('2026-07-01T00:00:00Z'),
    });
    const draft = await createEvent(context.db, { status: 'draft' });
    const cancelled = await createEvent(context.db, { status: 'cancelled' });
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://portal.example/events</loc>');
    expect(sitemap).toContain(
      `<url><loc>https://portal.example/events/${published.id}</loc><lastmod>2026-07-01T00:00:00.000Z</lastmod></url>`,
    );
    expect(sitemap).not.toContain(draft.id);
    expect(sitemap).not.toContain(cancelled.id);
  });
});
