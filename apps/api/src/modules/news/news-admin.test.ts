import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { IMAGE_MESSAGES, NEWS_FIELD_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticles, newsImageUrls, newsLikes, uploadedFiles } from '../../db/schema';
import { createNewsArticle, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { type Upload as FilePart, multipartBody } from '../../test/multipart';
import { XSS_PAYLOADS } from '../../test/xss-payloads';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

const CREATE = '/api/news/admin/create-news';
const UPDATE = '/api/news/admin/update-news';
const DELETE = '/api/news/admin/delete-news';

type Upload = Omit<FilePart, 'field'>;
type Fields = Record<string, string | string[]>;

/** This file's uploads: field: 'images', filename: 'photo.jpg' unless a test says otherwise. */
const formBody = (fields: Fields, uploads: Upload[] = []) =>
  multipartBody(
    fields,
    uploads.map((upload) => ({ field: 'images', filename: 'photo.jpg', ...upload })),
  );

async function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  fields: Fields,
  uploads: Upload[] = [],
  cookie = adminCookie,
) {
  const { payload, headers } = await formBody(fields, uploads);
  return context.app.inject({ method, url, payload, headers: { ...headers, cookie } });
}
const create = (fields: Fields, uploads: Upload[] = [], cookie?: string) =>
  sendForm('POST', CREATE, fields, uploads, cookie);
const update = (id: string, fields: Fields, uploads: Upload[] = [], cookie?: string) =>
  sendForm('PUT', `${UPDATE}/${id}`, fields, uploads, cookie);

const required = {
  title: 'Nickel Output Rises',
  content: '<p>Nickel output rose in the third quarter.</p>',
  author: 'Maria Santos',
};
const photo = async (shade = 90) => ({
  bytes: await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 110, b: 95 } },
  })
    .jpeg()
    .toBuffer(),
});

async function storedFiles(): Promise<string[]> {
  if (!existsSync(context.config.uploadsDir)) return [];
  return (await readdir(context.config.uploadsDir)).filter((name) => name !== '.tmp').sort();
}
async function snapshot() {
  return {
    files: await storedFiles(),
    fileRows: (await context.db.select().from(uploadedFiles)).length,
    articles: (await context.db.select({ id: newsArticles.id }).from(newsArticles)).length,
    urls: (await context.db.select().from(newsImageUrls)).length,
  };
}

beforeAll(async () => {
  context = await buildTestApp();
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
  memberCookie = (await signIn(context, await createUser(context.db))).cookie;
});
afterAll(() => context.close());

describe('POST /api/news/admin/create-news', () => {
  it('creates a draft with uploaded images first, then the URLs, content sanitised', async () => {
    const response = await create(
      {
        ...required,
        content: '<p onclick="steal()">Nickel <script>alert(1)</script><strong>up</strong></p>',
        image_urls: ['  https://images.example.org/mine.jpg  ', '   '],
      },
      [await photo(10), await photo(20)],
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'Nickel Output Rises',
      status: 'draft',
      author: 'Maria Santos',
      likes: 0,
      views: 0,
    });
    expect(data.content).toBe('<p>Nickel <strong>up</strong></p>');
    expect(data.image_gallery).toHaveLength(3);
    expect(data.image_gallery[0]).toMatch(/^\/uploads\/.+\.webp$/);
    expect(data.image_gallery[1]).toMatch(/^\/uploads\/.+\.webp$/);
    expect(data.image_gallery[2]).toBe('https://images.example.org/mine.jpg');
    // The list shows the same gallery, and the admin sees the draft.
    const list = await context.app.inject({
      url: '/api/news/get-news?status=draft',
      headers: { cookie: adminCookie },
    });
    expect(list.json().data.news[0].image_gallery).toEqual(data.image_gallery);
  });

  it('takes the order given in image_order', async () => {
    const response = await create(
      {
        ...required,
        image_urls: ['https://a.example/1.png'],
        image_order: ['https://a.example/1.png', 'upload:1', 'upload:0'],
      },
      [await photo(30), await photo(40)],
    );
    expect(response.statusCode).toBe(201);
    const gallery: string[] = response.json().data.image_gallery;
    expect(gallery[0]).toBe('https://a.example/1.png');
    const files = await context.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerId, response.json().data.id));
    expect(
      files.map((file) => [file.publicPath, file.position]).sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      [gallery[1], 1],
      [gallery[2], 2],
    ]);
  });

  it.each([
    [{ ...required, title: '  ' }, 'title', NEWS_FIELD_MESSAGES.titleRequired],
    [{ ...required, content: '' }, 'content', NEWS_FIELD_MESSAGES.contentRequired],
    [{ ...required, content: '<p> </p><script>x</script>' }, 'content', NEWS_FIELD_MESSAGES.contentRequired],
    [{ ...required, author: '' }, 'author', NEWS_FIELD_MESSAGES.authorRequired],
    [{ title: 'x', content: '<p>x</p>' }, 'author', NEWS_FIELD_MESSAGES.authorRequired],
    [{ ...required, status: 'secret' }, 'status', NEWS_FIELD_MESSAGES.statusInvalid],
    [{ ...required, image_urls: 'javascript:alert(1)' }, 'image_urls.0', NEWS_FIELD_MESSAGES.imageUrlInvalid],
    [
      { ...required, image_urls: 'http://example.org/a.jpg' },
      'image_urls.0',
      NEWS_FIELD_MESSAGES.imageUrlInvalid,
    ],
    [
      { ...required, image_urls: `https://example.org/${'a'.repeat(10_240)}` },
      'image_urls.0',
      NEWS_FIELD_MESSAGES.imageUrlTooLong,
    ],
    [
      { ...required, image_urls: ['https://x.example/a', 'https://x.example/a'] },
      'image_urls',
      NEWS_FIELD_MESSAGES.duplicateImage,
    ],
    [{ ...required, image_order: ['upload:3'] }, 'image_order', NEWS_FIELD_MESSAGES.imageOrderInvalid],
  ])('refuses bad fields with the field message and writes nothing (%#)', async (fields, field, message) => {
    const before = await snapshot();
    const response = await create(fields as Fields, [await photo()]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, field });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses 11 images, a non-image and a 6 MB image, leaving no file behind', async () => {
    const before = await snapshot();
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, index) => photo(index)));
    const tooMany = await create(required, eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'too_many_files' });

    const notImage = await create(required, [
      await photo(),
      { bytes: Buffer.from('%PDF-1.7 not a picture'), type: 'image/png' },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: IMAGE_MESSAGES.wrongType });

    const huge = await create(required, [{ bytes: Buffer.alloc(6 * 1024 * 1024, 1) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: IMAGE_MESSAGES.tooLarge });
    expect(await snapshot()).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await create(required, [], memberCookie)).statusCode).toBe(403);
    expect((await create(required, [], '')).statusCode).toBe(401);
  });
});

describe('GET /api/news/get-news?id=', () => {
  it("lists one article exactly (the dashboard's link), of any status for an admin, published only for others", async () => {
    const draft = await createNewsArticle(context.db, { status: 'draft', title: 'Dashboard Draft' });
    const list = async (query: string, cookie?: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/news/get-news${query}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { news: { id: string }[]; pagination: { total: number } };
    };
    const asAdmin = await list(`?id=${draft.id}`, adminCookie);
    expect(asAdmin.news.map((article) => article.id)).toEqual([draft.id]);
    expect(asAdmin.pagination.total).toBe(1);
    expect((await list(`?id=${draft.id}`)).pagination.total).toBe(0);
    const malformed = await context.app.inject({ method: 'GET', url: '/api/news/get-news?id=abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Invalid id');
  });
});

describe('PUT /api/news/admin/update-news/{id}', () => {
  it('removes, adds and reorders images, and removes the removed files from disk', async () => {
    const created = (
      await create({ ...required, image_urls: 'https://x.example/keep.jpg' }, [
        await photo(1),
        await photo(2),
      ])
    ).json().data;
    const [first, second, url] = created.image_gallery as [string, string, string];
    const response = await update(
      created.id,
      {
        ...required,
        id: created.id,
        title: 'Nickel Output Rises Again',
        status: 'published',
        removed_images: first,
        image_urls: 'https://x.example/new.jpg',
        image_order: ['https://x.example/new.jpg', 'upload:0', url, second],
      },
      [await photo(3)],
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ title: 'Nickel Output Rises Again', status: 'published' });
    expect(data.image_gallery).toHaveLength(4);
    expect(data.image_gallery[0]).toBe('https://x.example/new.jpg');
    expect(data.image_gallery.slice(2)).toEqual([url, second]);
    expect(await storedFiles()).not.toContain(first.replace('/uploads/', ''));
    expect(await storedFiles()).toContain(second.replace('/uploads/', ''));
    expect(new Date(data.updated_at).getTime()).toBeGreaterThan(new Date(data.created_at).getTime());
  });

  it("refuses removing another article's image, and changes nothing", async () => {
    const mine = (await create(required, [await photo()])).json().data;
    const theirs = (await create(required, [await photo()])).json().data;
    const before = await snapshot();
    const response = await update(mine.id, {
      ...required,
      title: 'Changed',
      removed_images: theirs.image_gallery[0],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: NEWS_FIELD_MESSAGES.removedImageUnknown,
      field: 'removed_images',
    });
    expect(await snapshot()).toEqual(before);
    const [stored] = await context.db.select().from(newsArticles).where(eq(newsArticles.id, mine.id));
    expect(stored?.title).toBe(required.title);
  });

  it('keeps every field left out as stored: status, description, content, title, author and gallery', async () => {
    const created = (
      await create(
        {
          ...required,
          description: 'Third-quarter figures.',
          status: 'published',
          image_urls: 'https://x.example/kept.jpg',
        },
        [await photo(5)],
      )
    ).json().data;
    const response = await update(created.id, { title: 'Nickel Output Rises, Revised' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: 'Nickel Output Rises, Revised',
      status: 'published',
      description: 'Third-quarter figures.',
      content: created.content,
      author: 'Maria Santos',
      image_gallery: created.image_gallery,
    });
    // Only the status, as a quick publish/unpublish would send it.
    const archived = await update(created.id, { status: 'archived' });
    expect(archived.json().data).toMatchObject({
      title: 'Nickel Output Rises, Revised',
      status: 'archived',
      description: 'Third-quarter figures.',
    });
  });

  it('clears the description only when it is sent blank', async () => {
    const created = (await create({ ...required, description: 'To be removed.' })).json().data;
    const cleared = await update(created.id, { description: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ description: null, status: 'draft', title: required.title });
  });

  it('refuses a title, content or author sent blank, and changes nothing', async () => {
    const created = (await create(required)).json().data;
    for (const [field, message] of [
      ['title', NEWS_FIELD_MESSAGES.titleRequired],
      ['content', NEWS_FIELD_MESSAGES.contentRequired],
      ['author', NEWS_FIELD_MESSAGES.authorRequired],
    ] as const) {
      const response = await update(created.id, { [field]: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, field });
    }
    const [stored] = await context.db.select().from(newsArticles).where(eq(newsArticles.id, created.id));
    expect(stored).toMatchObject({
      title: required.title,
      author: required.author,
      content: created.content,
    });
  });

  it('answers 404 for an unknown article, 400 for a mismatched id', async () => {
    const unknown = await update('7b0a3c4e-0000-4000-8000-000000000000', required);
    expect(unknown.statusCode).toBe(404);
    const article = await createNewsArticle(context.db);
    const mismatch = await update(article.id, { ...required, id: '7b0a3c4e-0000-4000-8000-000000000000' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: NEWS_FIELD_MESSAGES.idMismatch });
  });
});

describe('DELETE /api/news/admin/delete-news/{id}', () => {
  it('deletes the article with its likes, URLs and uploaded files', async () => {
    const created = (
      await create({ ...required, image_urls: 'https://x.example/a.jpg' }, [await photo()])
    ).json().data;
    await context.db.insert(newsLikes).values({ article_id: created.id, liker_key: 'visitor:abc' });
    const response = await context.app.inject({
      method: 'DELETE',
      url: `${DELETE}/${created.id}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedFiles()).not.toContain(created.image_gallery[0].replace('/uploads/', ''));
    expect(
      await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, created.id)),
    ).toEqual([]);
    expect(
      await context.db.select().from(newsImageUrls).where(eq(newsImageUrls.article_id, created.id)),
    ).toEqual([]);
    expect(await context.db.select().from(newsLikes).where(eq(newsLikes.article_id, created.id))).toEqual([]);
    const again = await context.app.inject({
      method: 'DELETE',
      url: `${DELETE}/${created.id}`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('the XSS corpus through create and edit', () => {
  it('stores no script, no event handler and no javascript: URL', async () => {
    const article = (await create(required)).json().data;
    for (const payload of XSS_PAYLOADS) {
      const content = `<p>Safe text</p>${payload}`;
      const created = await create({ ...required, content });
      expect(created.statusCode).toBe(201);
      const edited = await update(article.id, { ...required, content });
      expect(edited.statusCode).toBe(200);
      for (const stored of [created.json().data.content, edited.json().data.content] as string[]) {
        expect(stored).not.toMatch(/<script/i);
        expect(stored).not.toMatch(/\son[a-z]+\s*=/i);
        expect(stored).not.toMatch(/javascript:/i);
      }
    }
  });
});
