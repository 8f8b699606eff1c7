import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPriceTiers, uploadedFiles } from '../../db/schema';
import { createStorage } from '../../lib/storage';
import { createEvent, createNewsArticle } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

// What search engines and link previews read in the server's HTML (docs/product-rules.md "What
// other software reads"), read back by an HTML parser, not by our own string matching.

let context: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;
const get = (url: string) => context.app.inject({ method: 'GET', url });

const head = (title: string) => `<!doctype html><html><head>
    <meta name="description" content="Mineral exploration in the Philippines." />
    <title>${title}</title>
  </head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-structured-'));
  const webDist = join(folder, 'web');
  await mkdir(join(webDist, 'pages'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), head('Association'));
  // Two prerendered pages (docs/decisions/015), as the web build writes them.
  await writeFile(join(webDist, 'pages', 'index.html'), head('Home | MEAP'));
  await writeFile(join(webDist, 'pages', 'about.html'), head('About Us | MEAP'));
  context = await buildTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://portal.example' });
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

function readHtml(html: string) {
  const document = parseDocument(html);
  const elements = (name: string) => DomUtils.getElementsByTagName(name, document);
  const meta = (property: string) =>
    elements('meta')
      .filter((element) => element.attribs.property === property || element.attribs.name === property)
      .map((element) => element.attribs.content);
  const canonical = elements('link').find((element) => element.attribs.rel === 'canonical')?.attribs.href;
  const jsonLd = elements('script')
    .filter((element) => element.attribs.type === 'application/ld+json')
    .map((element) => JSON.parse(DomUtils.textContent(element)) as Record<string, unknown>);
  return { meta, canonical, jsonLd };
}

describe('JSON-LD', () => {
  it('describes an event: dates in Manila, place, an offer per tier, organizer', async () => {
    const event = await createEvent(context.db, {
      title: 'Exploration Forum </script><script>alert(1)</script>',
      description: 'Porphyry copper.',
      start_date: '2099-06-10',
      start_time: '09:30',
      end_time: '17:00',
      location_name: 'Makati Shangri-La',
      city: 'Makati',
      country: 'Philippines',
      organizer_name: null,
      status: 'published',
    });
    await context.db.insert(eventPriceTiers).values([
      { event_id: event.id, name: 'Member', audience: 'member', amount_centavos: 180_000, position: 0 },
      {
        event_id: event.id,
        name: 'Guest / non-member',
        audience: 'guest',
        amount_centavos: 450_000,
        position: 1,
      },
    ]);
    const page = readHtml((await get(`/events/${event.id}`)).body);
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Exploration Forum </script><script>alert(1)</script>',
      startDate: '2099-06-10T09:30:00+08:00',
      endDate: '2099-06-10T17:00:00+08:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Makati Shangri-La',
        address: 'Makati Shangri-La, Makati, Philippines',
      },
      organizer: { '@type': 'Organization', name: 'Mineral Exploration Association of the Philippines' },
      url: `https://portal.example/events/${event.id}`,
    });
    expect(page.jsonLd[0]?.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'Offer', name: 'Member', price: '1800.00', priceCurrency: 'PHP' }),
        expect.objectContaining({ name: 'Guest / non-member', price: '4500.00' }),
      ]),
    );
  });

  it('marks a cancelled event cancelled', async () => {
    const event = await createEvent(context.db, {
      status: 'cancelled',
      start_date: '2099-07-01',
      start_time: null,
    });
    const [data] = readHtml((await get(`/events/${event.id}`)).body).jsonLd;
    expect(data).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
      startDate: '2099-07-01',
      endDate: '2099-07-01',
    });
  });

  it('describes an article as a NewsArticle with its author and publisher', async () => {
    const article = await createNewsArticle(context.db, {
      title: 'Drilling season opens',
      author: 'Ana Cruz',
      image_gallery: ['/uploads/00000000-0000-4000-8000-0000000000aa.webp'],
    });
    const [data] = readHtml((await get(`/news/${article.id}`)).body).jsonLd;
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Drilling season opens',
      author: { '@type': 'Person', name: 'Ana Cruz' },
      publisher: { '@type': 'Organization', name: 'Mineral Exploration Association of the Philippines' },
      datePublished: article.created_at.toISOString(),
      image: ['https://portal.example/uploads/00000000-0000-4000-8000-0000000000aa.webp'],
    });
  });

  it('describes the association on the home page', async () => {
    const page = readHtml((await get('/')).body);
    expect(page.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Organization',
        name: 'Mineral Exploration Association of the Philippines',
        alternateName: 'MEAP',
        url: 'https://portal.example/',
      }),
    ]);
  });
});

describe('Open Graph and canonical tags of the site pages', () => {
  it.each([
    ['/', 'Home | MEAP', 'https://portal.example/'],
    ['/about', 'About Us | MEAP', 'https://portal.example/about'],
    ['/events?when=past', 'Association', 'https://portal.example/events'],
    ['/news', 'Association', 'https://portal.example/news'],
  ])('%s has its title, description, address and canonical link', async (path, title, url) => {
    const page = readHtml((await get(path)).body);
    expect(page.meta('og:title')).toEqual([title]);
    expect(page.meta('og:description')).toEqual(['Mineral exploration in the Philippines.']);
    expect(page.meta('og:url')).toEqual([url]);
    expect(page.meta('og:type')).toEqual(['website']);
    expect(page.canonical).toBe(url);
  });
});

describe("a preview's image", () => {
  it('is offered as a JPEG first, then as the WebP, each with its size and alt text', async () => {
    const storage = createStorage(context.config.storage);
    const webp = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c05020' } })
      .webp()
      .toBuffer();
    const stored = await storage.save(webp, 'webp');
    storage.close();
    const event = await createEvent(context.db, {
      title: 'Field trip to Benguet',
      banner_image_url: stored.publicPath,
      status: 'published',
    });
    await context.db.insert(uploadedFiles).values({
      storageKey: stored.storageKey,
      publicPath: stored.publicPath,
      contentType: 'image/webp',
      byteSize: webp.length,
      width: 120,
      height: 80,
      ownerType: 'event',
      ownerId: event.id,
      position: 0,
    });
    const page = readHtml((await get(`/events/${event.id}`)).body);
    const name = stored.publicPath.replace('/uploads/', '').replace('.webp', '');
    expect(page.meta('og:image')).toEqual([
      `https://portal.example/link-previews/${name}.jpg`,
      `https://portal.example${stored.publicPath}`,
    ]);
    expect(page.meta('og:image:type')).toEqual(['image/jpeg', 'image/webp']);
    expect(page.meta('og:image:width')).toEqual(['120', '120']);
    expect(page.meta('og:image:height')).toEqual(['80', '80']);
    expect(page.meta('og:image:alt')).toEqual(['Field trip to Benguet', 'Field trip to Benguet']);

    const jpeg = await get(`/link-previews/${name}.jpg`);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(jpeg.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect((await get('/link-previews/00000000-0000-4000-8000-000000000000.jpg')).statusCode).toBe(404);
    expect((await get('/link-previews/..%2Fsecret.jpg')).statusCode).toBe(404);
  });

  it('of an image given by address is that address alone', async () => {
    const event = await createEvent(context.db, {
      banner_image_url: 'https://images.example/banner.png',
      status: 'published',
    });
    const page = readHtml((await get(`/events/${event.id}`)).body);
    expect(page.meta('og:image')).toEqual(['https://images.example/banner.png']);
    await context.db.delete(uploadedFiles).where(eq(uploadedFiles.ownerId, event.id));
  });
});
