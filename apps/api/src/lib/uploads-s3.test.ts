import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../db/schema';
import { createUser, signIn } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { multipartBody, type Upload } from '../test/multipart';
import { type S3TestServer, startS3Server } from '../test/s3';

// The image pipeline end to end with uploads in an S3-compatible bucket (docs/decisions/027): the
// same routes, the same /uploads addresses, the same guarantees as on the disk.
let s3: S3TestServer;
let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  context = await buildTestApp(s3.environment);
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
});
afterAll(async () => {
  await context?.close();
  await s3?.close();
});

const photo = (shade: number) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: shade, g: 110, b: 95 } } })
    .jpeg()
    .toBuffer();

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, uploads: Upload[]) {
  const { payload, headers } = await multipartBody(fields, uploads);
  return context.app.inject({ method, url, payload, headers: { ...headers, cookie: adminCookie } });
}

/** Every key the records name, main images and their smaller sizes, sorted. */
async function recordedKeys(): Promise<string[]> {
  const rows = await context.db.select().from(uploadedFiles);
  return rows.flatMap((row) => [row.storageKey, ...row.variants.map((variant) => variant.storageKey)]).sort();
}

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

describe('uploads in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, serves it under /uploads and removes it with its record', async () => {
    const board = { name: 'Ana Cruz', title: 'Chief Geologist', position: 'Trustee' };
    const created = await send('POST', '/api/boards/admin/create-board-member', board, [
      { field: 'image', bytes: await photo(30), filename: 'portrait.jpg' },
    ]);
    expect(created.statusCode).toBe(201);
    const member = created.json().data;
    // Three sizes, every one in the bucket and recorded, nothing else.
    expect(member.image_variants).toHaveLength(3);
    expect(await s3.listKeys()).toEqual(await recordedKeys());
    expect(await s3.listKeys()).toHaveLength(3);

    const served = await get(member.image_path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const picture = await sharp(served.rawPayload).metadata();
    expect(picture).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const revalidated = await get(member.image_path, { 'if-none-match': String(served.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    const head = await context.app.inject({ method: 'HEAD', url: member.image_path });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'image/webp', '']);

    // A new photo replaces the old one's files; deleting the member removes the rest.
    const updated = await send('PUT', `/api/boards/admin/update-board-member/${member.id}`, board, [
      { field: 'image', bytes: await photo(200), filename: 'portrait.jpg' },
    ]);
    expect(updated.statusCode).toBe(200);
    expect((await get(member.image_path)).statusCode).toBe(404);
    expect(await s3.listKeys()).toEqual(await recordedKeys());
    expect(await s3.listKeys()).toHaveLength(3);

    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/boards/admin/delete-board-member/${member.id}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.listKeys()).toEqual([]);
    expect((await get(updated.json().data.image_path)).statusCode).toBe(404);
  });

  it('leaves nothing in the bucket when one picture of a gallery is refused', async () => {
    const before = await s3.listKeys();
    const response = await send(
      'POST',
      '/api/news/admin/create-news',
      { title: 'Nickel Output Rises', content: '<p>Output rose.</p>', author: 'Maria Santos' },
      [
        { field: 'images', bytes: await photo(60), filename: 'one.jpg' },
        { field: 'images', bytes: Buffer.from('not a picture'), filename: 'two.jpg' },
      ],
    );
    expect(response.statusCode).toBe(400);
    expect(await s3.listKeys()).toEqual(before);
  });

  it('answers 404 for a name that is not in the bucket or not a stored name', async () => {
    for (const path of [
      '/uploads/3f2b8c1e-0d4a-4e7b-9c1a-2b3c4d5e6f70.webp',
      '/uploads/none',
      '/uploads/..%2Fx',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });
});
