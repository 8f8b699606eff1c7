import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import {
  BOARD_FIELD_MESSAGES,
  type BoardMember as BoardMemberResponse,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMembers, uploadedFiles } from '../../db/schema';
import { createBoardMember, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { type Upload as FilePart, multipartBody } from '../../test/multipart';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

const LIST = '/api/boards/get-board-members';
const CREATE = '/api/boards/admin/create-board-member';
const UPDATE = '/api/boards/admin/update-board-member';
const DELETE = '/api/boards/admin/delete-board-member';

type Upload = Omit<FilePart, 'field'> & { field?: string };

/** This file's uploads: field: 'image', filename: 'portrait.jpg' unless a test says otherwise. */
const formBody = (fields: Record<string, string>, uploads: Upload[] = []) =>
  multipartBody(
    fields,
    uploads.map((upload) => ({ field: 'image', filename: 'portrait.jpg', ...upload })),
  );

async function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  uploads: Upload[] = [],
  cookie = adminCookie,
) {
  const { payload, headers } = await formBody(fields, uploads);
  return context.app.inject({ method, url, payload, headers: { ...headers, cookie } });
}

const createMember = (fields: Record<string, string>, uploads: Upload[] = [], cookie?: string) =>
  sendForm('POST', CREATE, fields, uploads, cookie);
const updateMember = (id: string, fields: Record<string, string>, uploads: Upload[] = [], cookie?: string) =>
  sendForm('PUT', `${UPDATE}/${id}`, fields, uploads, cookie);
const deleteMember = (id: string, cookie = adminCookie) =>
  context.app.inject({ method: 'DELETE', url: `${DELETE}/${id}`, headers: { cookie } });
const list = (query = '', cookie?: string) =>
  context.app.inject({ method: 'GET', url: `${LIST}${query}`, headers: cookie ? { cookie } : {} });

const required = { name: 'Ana Cruz', title: 'Chief Geologist', position: 'Trustee' };

// Real pictures of each allowed type, drawn by sharp.
const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 95 } } });
const pictures = {
  jpeg: (width = 1200, height = 900) => canvas(width, height).jpeg().toBuffer(),
  png: (width = 1200, height = 900) => canvas(width, height).png().toBuffer(),
  gif: (width = 1200, height = 900) => canvas(width, height).gif().toBuffer(),
  webp: (width = 1200, height = 900) => canvas(width, height).webp().toBuffer(),
};

/** A real decompression bomb: a valid 1-bit PNG of 20,000 × 20,000 pixels in about 50 KB. */
function pixelBombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the uploads folder holds, temporary files apart. */
async function storedFiles(): Promise<string[]> {
  if (!existsSync(context.config.uploadsDir)) return [];
  return (await readdir(context.config.uploadsDir)).filter((name) => name !== '.tmp').sort();
}
async function temporaryFiles(): Promise<string[]> {
  const tmp = `${context.config.uploadsDir}/.tmp`;
  return existsSync(tmp) ? readdir(tmp) : [];
}
const fileRows = () => context.db.select().from(uploadedFiles);
const memberCount = async () => (await context.db.select({ id: boardMembers.id }).from(boardMembers)).length;

/** Everything on disk and in the database, to check that a refused request changed none of it. */
async function snapshot() {
  return {
    files: await storedFiles(),
    temporary: await temporaryFiles(),
    fileRows: (await fileRows()).length,
    members: await memberCount(),
  };
}

const fileNameOf = (publicPath: string) => publicPath.replace('/uploads/', '');

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { type: 'admin' });
  const member = await createUser(context.db);
  adminCookie = (await signIn(context, admin)).cookie;
  memberCookie = (await signIn(context, member)).cookie;
});
afterAll(() => context.close());

// The list tests run first, on a board the later tests have not touched yet.
describe('GET /api/boards/get-board-members', () => {
  beforeAll(async () => {
    const { db } = context;
    await createBoardMember(db, { name: 'Tomas Reyes', position: 'Trustee', display_order: 7 });
    await createBoardMember(db, { name: 'Secretary Sy', position: 'Secretary', display_order: 4 });
    await createBoardMember(db, { name: 'Pres Bautista', position: 'President', display_order: 1 });
    await createBoardMember(db, {
      name: 'Vice Abdul',
      position: 'Vice President',
      display_order: 2,
      description: 'Nickel laterite specialist',
    });
    await createBoardMember(db, { name: 'No Order Lim', position: 'Trustee', display_order: null });
    await createBoardMember(db, {
      name: 'Retired Uy',
      position: 'Trustee',
      display_order: 5,
      is_active: false,
    });
    await createBoardMember(db, { name: 'Ana Trustee', position: 'Trustee', display_order: 1000 });
    for (let index = 0; index < 6; index++) {
      await createBoardMember(db, { name: `Member ${index}`, position: 'Member', display_order: 20 + index });
    }
  });

  it('gives the public every active member in display order (missing order as 999) on one page', async () => {
    for (const query of ['', '?page=2&limit=1&is_active=false&search=Retired&position=Member']) {
      const response = await list(query);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.boardMembers.map((member: BoardMemberResponse) => member.name)).toEqual([
        'Pres Bautista',
        'Vice Abdul',
        'Secretary Sy',
        'Tomas Reyes',
        'Member 0',
        'Member 1',
        'Member 2',
        'Member 3',
        'Member 4',
        'Member 5',
        'No Order Lim',
        'Ana Trustee',
      ]);
      expect(data.pagination).toEqual({
        page: 1,
        limit: 100,
        total: 12,
        totalPages: 1,
        hasNext: false,
        hasPrev: false,
      });
    }
    // Members are the same for a signed-in member.
    expect((await list('', memberCookie)).json().data.pagination.total).toBe(12);
  });

  it('answers each member in the documented shape', async () => {
    const { data } = (await list()).json();
    expect(data.boardMembers[1]).toEqual({
      id: expect.any(String),
      name: 'Vice Abdul',
      title: 'Exploration Geologist',
      position: 'Vice President',
      description: 'Nickel laterite specialist',
      trustee_since: null,
      display_order: 2,
      is_active: true,
      image_path: null,
      image_variants: [],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('gives an admin every member, 10 a page', async () => {
    const first = (await list('', adminCookie)).json().data;
    expect(first.boardMembers).toHaveLength(10);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 13,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(first.boardMembers.map((member: BoardMemberResponse) => member.name).slice(0, 5)).toEqual([
      'Pres Bautista',
      'Vice Abdul',
      'Secretary Sy',
      'Retired Uy',
      'Tomas Reyes',
    ]);
    const second = (await list('?page=2', adminCookie)).json().data;
    expect(second.boardMembers.map((member: BoardMemberResponse) => member.name)).toEqual([
      'Member 5',
      'No Order Lim',
      'Ana Trustee',
    ]);
    expect(second.pagination).toMatchObject({ page: 2, total: 13, hasNext: false, hasPrev: true });
  });

  it('filters for an admin by search, position in any spelling and active flag', async () => {
    const names = async (query: string) =>
      (await list(query, adminCookie))
        .json()
        .data.boardMembers.map((member: BoardMemberResponse) => member.name);
    expect(await names('?search=laterite')).toEqual(['Vice Abdul']);
    expect(await names('?search=REYES')).toEqual(['Tomas Reyes']);
    expect(await names('?position=Vice-President')).toEqual(['Vice Abdul']);
    expect(await names('?position=vice-president')).toEqual(['Vice Abdul']);
    expect(await names('?is_active=false')).toEqual(['Retired Uy']);
    expect(await names('?position=Trustee&is_active=true')).toEqual([
      'Tomas Reyes',
      'No Order Lim',
      'Ana Trustee',
    ]);
    expect(await names('?position=&search=Pres')).toEqual(['Pres Bautista']);
    const filtered = (await list('?position=Member&limit=4', adminCookie)).json().data.pagination;
    expect(filtered).toMatchObject({ total: 6, totalPages: 2 });
  });

  it('refuses bad query values with the field message', async () => {
    const position = await list('?position=Chairman', adminCookie);
    expect(position.statusCode).toBe(400);
    expect(position.json().error).toBe(BOARD_FIELD_MESSAGES.positionInvalid);
    expect((await list('?limit=101', adminCookie)).json().error).toBe('Limit must be at most 100');
    expect((await list('?is_active=maybe', adminCookie)).json().error).toBe(
      'is_active must be true or false',
    );
  });
});

describe('who may change the board', () => {
  it('refuses guests with 401 and members with 403 on every admin route', async () => {
    const before = await snapshot();
    const id = (await createBoardMember(context.db)).id;
    const image = [{ bytes: await pictures.jpeg() }];
    for (const [cookie, status, error] of [
      ['', 401, 'Authentication required'],
      [memberCookie, 403, 'Admin access required'],
    ] as const) {
      const create = await createMember(required, image, cookie);
      const update = await updateMember(id, { is_active: 'false' }, image, cookie);
      const remove = await deleteMember(id, cookie);
      for (const response of [create, update, remove]) {
        expect(response.statusCode).toBe(status);
        expect(response.json().error).toBe(error);
      }
    }
    const [unchanged] = await context.db.select().from(boardMembers).where(eq(boardMembers.id, id));
    expect(unchanged?.is_active).toBe(true);
    await deleteMember(id);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a guest before reading an upload, even one too large', async () => {
    const response = await createMember(required, [{ bytes: randomBytes(IMAGE_MAX_BYTES + 1) }], '');
    expect(response.statusCode).toBe(401);
  });

  it('refuses changes sent from another site, even by an admin', async () => {
    const { payload, headers } = await formBody(required);
    const response = await context.app.inject({
      method: 'POST',
      url: CREATE,
      payload,
      headers: { ...headers, cookie: adminCookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Cross-site request refused');
  });
});

describe('POST /api/boards/admin/create-board-member', () => {
  it('creates a member from the form fields, in the canonical position spelling', async () => {
    const response = await createMember({
      name: '  Lourdes Santos ',
      title: 'Mining Engineer',
      position: 'vice-president',
      description: 'Thirty years in porphyry copper.',
      trustee_since: '2019-06-15',
      display_order: '2',
      is_active: 'false',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Lourdes Santos',
      title: 'Mining Engineer',
      position: 'Vice President',
      description: 'Thirty years in porphyry copper.',
      trustee_since: '2019-06-15',
      display_order: 2,
      is_active: false,
      image_path: null,
      image_variants: [],
    });
    const [row] = await context.db.select().from(boardMembers).where(eq(boardMembers.id, data.id));
    expect(row?.position).toBe('Vice President');
  });

  it('defaults the optional fields and is_active to true', async () => {
    const { data } = (await createMember(required)).json();
    expect(data).toMatchObject({
      description: null,
      trustee_since: null,
      display_order: null,
      is_active: true,
    });
  });

  it('answers each invalid field with its message and creates nothing', async () => {
    const before = await snapshot();
    const missing = await createMember({ description: 'No name' }, [{ bytes: await pictures.jpeg() }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'Name is required',
      message: 'name: Name is required; title: Title is required; position: Position is required',
      code: 'validation_error',
      field: 'name',
      fields: { name: 'Name is required', title: 'Title is required', position: 'Position is required' },
    });
    const cases: [Record<string, string>, string][] = [
      [{ position: 'Chairman' }, BOARD_FIELD_MESSAGES.positionInvalid],
      [{ display_order: '-1' }, 'Display order must be 0 or more'],
      [{ display_order: 'first' }, 'Display order must be a number'],
      [{ trustee_since: '2023-02-30' }, 'Trustee since must be a valid date (YYYY-MM-DD)'],
      [{ is_active: 'yes' }, 'Active must be true or false'],
      [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
      [{ description: 'x'.repeat(5_001) }, 'Description must be at most 5000 characters'],
    ];
    for (const [fields, error] of cases) {
      const response = await createMember({ ...required, ...fields });
      expect(response.statusCode, error).toBe(400);
      expect(response.json()).toMatchObject({ error, field: Object.keys(fields)[0] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a form that is not multipart', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: CREATE,
      payload: required,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('The form must be sent as multipart/form-data');
  });

  it('refuses a field longer than the form limit, a second image and an unknown file field', async () => {
    const before = await snapshot();
    const long = await createMember({ ...required, description: 'x'.repeat(100_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'Description must be at most 5000 characters',
      field: 'description',
    });
    const image = await pictures.png(10, 10);
    // The board's form takes one image, fewer than the 10 a gallery may send.
    const twoImages = await createMember(required, [{ bytes: image }, { bytes: image }]);
    expect(twoImages.statusCode).toBe(400);
    expect(twoImages.json()).toEqual({
      error: 'Only one image can be sent at once',
      code: 'too_many_files',
      field: 'image',
    });
    const otherField = await createMember(required, [{ bytes: image, field: 'avatar' }]);
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error).toBe('Unexpected file field: avatar');
    expect(await snapshot()).toEqual(before);
  });
});

describe('image uploads', () => {
  it.each([
    ['JPEG', 'image/jpeg', pictures.jpeg],
    ['PNG', 'image/png', pictures.png],
    ['GIF', 'image/gif', pictures.gif],
    ['WebP', 'image/webp', pictures.webp],
  ])('stores a %s as WebP in three sizes, recorded in uploaded_files', async (_name, type, draw) => {
    const before = await storedFiles();
    const response = await createMember(required, [{ bytes: await draw(), type, filename: 'photo.bin' }]);
    expect(response.statusCode).toBe(201);
    const member: BoardMemberResponse = response.json().data;
    expect(member.image_path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(member.image_variants).toEqual([
      { path: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/), width: 400, height: 300 },
      { path: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/), width: 800, height: 600 },
      { path: member.image_path, width: 1200, height: 900 },
    ]);
    const added = (await storedFiles()).filter((name) => !before.includes(name));
    expect(added.sort()).toEqual(member.image_variants.map((variant) => fileNameOf(variant.path)).sort());
    for (const variant of member.image_variants) {
      const served = await context.app.inject({ method: 'GET', url: variant.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    const [row] = await context.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.publicPath, member.image_path as string));
    expect(row).toMatchObject({ contentType: 'image/webp', width: 1200, height: 900 });
    expect(row?.variants.map((variant) => variant.width)).toEqual([400, 800]);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('bounds the dimensions, never enlarges, turns the picture upright and strips its metadata', async () => {
    const large = (await createMember(required, [{ bytes: await pictures.png(3000, 2000) }])).json().data;
    expect(
      large.image_variants.map((variant: { width: number; height: number }) => [
        variant.width,
        variant.height,
      ]),
    ).toEqual([
      [400, 267],
      [800, 534],
      [1600, 1067],
    ]);

    const small = (await createMember(required, [{ bytes: await pictures.png(120, 90) }])).json().data;
    expect(small.image_variants).toEqual([{ path: small.image_path, width: 120, height: 90 }]);

    // A phone photo taken sideways: 200 × 100 stored pixels with EXIF orientation 6 (rotate 90°).
    const sideways = await canvas(200, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Private camera owner', Make: 'PhoneCo' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const upright = (await createMember(required, [{ bytes: sideways }])).json().data;
    expect(upright.image_variants).toEqual([{ path: upright.image_path, width: 100, height: 200 }]);
    const stored = await sharp(
      (await context.app.inject({ method: 'GET', url: upright.image_path })).rawPayload,
    ).metadata();
    expect(stored).toMatchObject({ width: 100, height: 200 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('keeps the first frame of an animated GIF as a still WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#a86115'), await frame('#1d524a')], {
      join: { animated: true },
    })
      .gif({ loop: 0, delay: 200 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const response = await createMember(required, [{ bytes: animated, type: 'image/gif' }]);
    expect(response.statusCode).toBe(201);
    const served = await context.app.inject({ method: 'GET', url: response.json().data.image_path });
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(stored.pages ?? 1).toBe(1);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The first frame's copper colour, not the second frame's green.
    expect(data[0]).toBeGreaterThan(data[1] as number);
  });

  it('refuses a file over 5 MB with 413 and the exact message, leaving nothing behind', async () => {
    const before = await snapshot();
    const header = await pictures.jpeg(10, 10);
    const sixMegabytes = Buffer.concat([header, randomBytes(6 * 1_048_576 - header.length)]);
    const response = await createMember(required, [{ bytes: sixMegabytes }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Image file size must be less than 5MB.',
      code: 'file_too_large',
      field: 'image',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a too-large upload over a real connection, which stays usable', async () => {
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const header = await pictures.jpeg(10, 10);
    const body = async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(required)) form.append(name, value);
      form.append('image', new Blob([new Uint8Array(header), randomBytes(6 * 1_048_576)]), 'big.jpg');
      // Fields after the file are still read: the request is consumed to its end.
      form.append('description', 'after the file');
      return form;
    };
    for (const cookie of [adminCookie, '']) {
      const response = await fetch(`${address}${CREATE}`, {
        method: 'POST',
        body: await body(),
        headers: { cookie },
      });
      expect(response.status).toBe(cookie ? 413 : 401);
      if (cookie) expect((await response.json()).error).toBe(IMAGE_MESSAGES.tooLarge);
      else await response.arrayBuffer();
    }
    // The same keep-alive connection pool still answers.
    expect((await fetch(`${address}${LIST}`)).status).toBe(200);
  });

  it('accepts exactly 5 MB as far as size goes (the bytes then decide)', async () => {
    const header = await pictures.jpeg(10, 10);
    const exact = Buffer.concat([header.subarray(0, 100), randomBytes(IMAGE_MAX_BYTES - 100)]);
    const response = await createMember(required, [{ bytes: exact }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(IMAGE_MESSAGES.unreadable);
  });

  it('decides the type from the bytes, not the name or the claimed type', async () => {
    const before = await snapshot();
    // The start of a Linux executable, named and typed as a PNG.
    const executable = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
      randomBytes(4_096),
    ]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    const refused: Upload[] = [
      { bytes: executable, filename: 'photo.png', type: 'image/png' },
      { bytes: svg, filename: 'logo.svg', type: 'image/svg+xml' },
      { bytes: svg, filename: 'logo.png', type: 'image/png' },
      { bytes: Buffer.from('just some text'), filename: 'notes.jpg', type: 'image/jpeg' },
      {
        bytes: await sharp(await pictures.png(20, 20))
          .tiff()
          .toBuffer(),
        filename: 'scan.tif',
        type: 'image/tiff',
      },
      { bytes: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
    ];
    for (const upload of refused) {
      const response = await createMember(required, [upload]);
      expect(response.statusCode, upload.filename).toBe(400);
      expect(response.json()).toEqual({ error: IMAGE_MESSAGES.wrongType, code: 'invalid_image_type' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a truncated or corrupt image and a decompression bomb', async () => {
    const before = await snapshot();
    const jpeg = await pictures.jpeg(600, 400);
    const png = await pictures.png(600, 400);
    const damaged: Buffer[] = [
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      png.subarray(0, Math.floor(png.length / 2)),
      (await pictures.gif(60, 40)).subarray(0, 40),
      Buffer.concat([png.subarray(0, 64), randomBytes(2_000)]),
    ];
    for (const bytes of damaged) {
      const response = await createMember(required, [{ bytes }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: IMAGE_MESSAGES.unreadable, code: 'invalid_image' });
    }
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const response = await createMember(required, [{ bytes: bomb, type: 'image/png' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: IMAGE_MESSAGES.tooManyPixels, code: 'image_too_many_pixels' });
    expect(await snapshot()).toEqual(before);
  });

  it('treats an empty file input as no image', async () => {
    const response = await createMember(required, [{ bytes: Buffer.alloc(0), filename: '' }]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.image_path).toBeNull();
  });

  it('leaves no file when the database refuses the write', async () => {
    // A real failure inside the transaction, after the files were written.
    await context.db.execute(sql`
      create function refuse_board_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await context.db.execute(sql`
      create trigger refuse_board_insert before insert on board_members
      for each row when (new.name = 'Refused Write') execute function refuse_board_insert()`);
    try {
      const before = await snapshot();
      const response = await createMember({ ...required, name: 'Refused Write' }, [
        { bytes: await pictures.jpeg() },
      ]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
      expect(await snapshot()).toEqual(before);
    } finally {
      await context.db.execute(sql`drop trigger refuse_board_insert on board_members`);
      await context.db.execute(sql`drop function refuse_board_insert()`);
    }
  });
});

describe('PUT /api/boards/admin/update-board-member/:id', () => {
  let member: BoardMemberResponse;

  beforeAll(async () => {
    member = (
      await createMember(
        { ...required, description: 'Original description', display_order: '3', trustee_since: '2018-06-15' },
        [{ bytes: await pictures.jpeg() }],
      )
    ).json().data;
  });

  it('toggles is_active alone, keeping every other field and the image', async () => {
    const response = await updateMember(member.id, { is_active: 'false' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({ ...member, is_active: false, updated_at: expect.any(String) });
    expect(data.updated_at > member.updated_at).toBe(true);
    expect((await updateMember(member.id, { is_active: 'true' })).json().data.is_active).toBe(true);
  });

  it('changes the fields sent, clears blank optional ones and keeps the image without a new one', async () => {
    const filesBefore = await storedFiles();
    const response = await updateMember(member.id, {
      name: 'Ana Cruz-Lim',
      title: 'Senior Geologist',
      position: 'TREASURER',
      description: '',
      trustee_since: '',
      display_order: '',
      is_active: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Ana Cruz-Lim',
      title: 'Senior Geologist',
      position: 'Treasurer',
      description: null,
      trustee_since: null,
      display_order: null,
      image_path: member.image_path,
      image_variants: member.image_variants,
    });
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('replaces the image: the old files and record go, the new ones stay', async () => {
    const old = member.image_variants.map((variant) => fileNameOf(variant.path));
    expect(old).toHaveLength(3);
    const rowsBefore = (await fileRows()).length;
    const response = await updateMember(member.id, {}, [
      { bytes: await pictures.webp(500, 500), type: 'image/webp' },
    ]);
    expect(response.statusCode).toBe(200);
    const updated: BoardMemberResponse = response.json().data;
    expect(updated.image_path).not.toBe(member.image_path);
    expect(updated.image_variants.map((variant) => variant.width)).toEqual([400, 500]);
    const files = await storedFiles();
    for (const name of old) expect(files).not.toContain(name);
    for (const variant of updated.image_variants) expect(files).toContain(fileNameOf(variant.path));
    expect((await fileRows()).length).toBe(rowsBefore);
    const oldRow = await context.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.publicPath, member.image_path as string));
    expect(oldRow).toEqual([]);
    const gone = await context.app.inject({ method: 'GET', url: member.image_path as string });
    expect(gone.statusCode).toBe(404);
    member = updated;
  });

  it('keeps the current image when the new one is refused', async () => {
    const before = await snapshot();
    const response = await updateMember(member.id, { name: 'Refused' }, [
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const [row] = await context.db.select().from(boardMembers).where(eq(boardMembers.id, member.id));
    expect(row?.name).toBe('Ana Cruz-Lim');
    const shown = (await list('?search=Cruz-Lim', adminCookie)).json().data.boardMembers;
    expect(shown.find((each: BoardMemberResponse) => each.id === member.id).image_path).toBe(
      member.image_path,
    );
  });

  it('removes the photo with remove_image: its record and files go once the change commits', async () => {
    const withPhoto: BoardMemberResponse = (
      await createMember({ ...required, name: 'Photo Removed' }, [{ bytes: await pictures.jpeg() }])
    ).json().data;
    const files = withPhoto.image_variants.map((variant) => fileNameOf(variant.path));
    const rowsBefore = (await fileRows()).length;

    const response = await updateMember(withPhoto.id, { remove_image: 'true', title: 'Adviser' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ title: 'Adviser', image_path: null, image_variants: [] });
    const remaining = await storedFiles();
    for (const name of files) expect(remaining).not.toContain(name);
    expect((await fileRows()).length).toBe(rowsBefore - 1);
    expect(
      (await context.app.inject({ method: 'GET', url: withPhoto.image_path as string })).statusCode,
    ).toBe(404);

    // Nothing left to remove: still a success.
    const again = await updateMember(withPhoto.id, { remove_image: 'true' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.image_path).toBeNull();
    expect((await updateMember(withPhoto.id, { remove_image: 'maybe' })).json()).toMatchObject({
      error: 'Remove image must be true or false',
      field: 'remove_image',
    });
  });

  it('keeps a new image sent together with remove_image: the new one wins', async () => {
    const withPhoto: BoardMemberResponse = (
      await createMember({ ...required, name: 'Photo Replaced' }, [{ bytes: await pictures.jpeg() }])
    ).json().data;
    const old = withPhoto.image_variants.map((variant) => fileNameOf(variant.path));
    const response = await updateMember(withPhoto.id, { remove_image: 'true' }, [
      { bytes: await pictures.png(300, 200), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const updated: BoardMemberResponse = response.json().data;
    expect(updated.image_variants).toEqual([{ path: updated.image_path, width: 300, height: 200 }]);
    const files = await storedFiles();
    for (const name of old) expect(files).not.toContain(name);
    expect(files).toContain(fileNameOf(updated.image_path as string));
  });

  it('answers field messages for invalid values', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: ' ' }, 'Name is required'],
      [{ title: '' }, 'Title is required'],
      [{ position: '' }, 'Position is required'],
      [{ position: 'Chairman' }, BOARD_FIELD_MESSAGES.positionInvalid],
      [{ display_order: '-5' }, 'Display order must be 0 or more'],
    ];
    for (const [fields, error] of cases) {
      const response = await updateMember(member.id, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
    }
  });

  it('answers 404 for an unknown member, leaving no uploaded file behind', async () => {
    const before = await snapshot();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await updateMember(unknown, { name: 'Nobody' }, [{ bytes: await pictures.png() }]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Board member not found', code: 'not_found' });
    expect(await snapshot()).toEqual(before);
    const invalid = await updateMember('not-an-id', { name: 'Nobody' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Invalid id');
  });
});

describe('DELETE /api/boards/admin/delete-board-member/:id', () => {
  it('deletes the member, its image record and every file of the image', async () => {
    const created: BoardMemberResponse = (
      await createMember({ ...required, name: 'Leaving Trustee' }, [{ bytes: await pictures.jpeg() }])
    ).json().data;
    const files = created.image_variants.map((variant) => fileNameOf(variant.path));
    expect(files).toHaveLength(3);
    const rowsBefore = (await fileRows()).length;

    const response = await deleteMember(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: created.id } });

    const remaining = await storedFiles();
    for (const name of files) expect(remaining).not.toContain(name);
    expect((await fileRows()).length).toBe(rowsBefore - 1);
    const names = (await list()).json().data.boardMembers.map((member: BoardMemberResponse) => member.name);
    expect(names).not.toContain('Leaving Trustee');

    const again = await deleteMember(created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Board member not found');
  });

  it('deletes a member without an image', async () => {
    const { id } = await createBoardMember(context.db);
    expect((await deleteMember(id)).statusCode).toBe(200);
    expect(await context.db.select().from(boardMembers).where(eq(boardMembers.id, id))).toEqual([]);
  });
});

describe('the stored files and the records agree', () => {
  it('has exactly the files the uploaded_files rows name', async () => {
    const rows = await fileRows();
    const named = rows
      .flatMap((row) => [row.publicPath, ...row.variants.map((variant) => variant.publicPath)])
      .map(fileNameOf)
      .sort();
    expect(await storedFiles()).toEqual(named);
    expect(await temporaryFiles()).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the board forms as multipart with an image file', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const create = document.paths['/api/boards/admin/create-board-member'].post;
    const form = create.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(expect.arrayContaining(['name', 'title', 'position']));
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
  });
});
