import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, MAX_IMAGES_PER_REQUEST, requiredText } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { createUser, signIn } from '../test/factories';
import { createTestConfig, createTestDatabase } from '../test/helper';
import { AppError } from './errors';
import { fieldPathOf, multipartForm, nestBracketedFields } from './multipart';

/**
 * The form and error contract every route shares (docs/architecture.md "API contract"), on the
 * whole app with three routes of its own: a gallery form of up to 10 images, a JSON form with a
 * nested list, and a rule refused on a named field.
 */
const galleryForm = multipartForm(z.object({ title: requiredText('Title', 'Title is required') }), {
  files: { images: MAX_IMAGES_PER_REQUEST },
});
/** A form with a photo per listed item and a text field with no limit of its own. */
const itemsForm = multipartForm(z.object({ note: z.string().optional() }), {
  files: { 'items[0][photo]': 1, 'items[1][photo]': 1 },
});
const representativesSchema = z.object({
  company: requiredText('Company', 'Company is required'),
  representatives: z.array(z.object({ firstName: requiredText('First name', 'First name is required') })),
});
let formsRead = 0;

const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gallery',
    {
      config: { access: 'staff', roles: ['admin'] },
      validatorCompiler: galleryForm.validatorCompiler,
      schema: { ...galleryForm.schema },
    },
    async (request) => {
      formsRead++;
      const { fields, files } = await galleryForm.read(request);
      return { title: fields.title, sizes: files.images.map((image) => image.length) };
    },
  );
  app.post(
    '/items',
    {
      config: { access: 'staff', roles: ['admin'] },
      validatorCompiler: itemsForm.validatorCompiler,
      schema: itemsForm.schema,
    },
    async (request) => {
      const { files } = await itemsForm.read(request);
      return { photos: Object.values(files).flat().length };
    },
  );
  app.post(
    '/representatives',
    { config: { access: 'public' }, schema: { body: representativesSchema } },
    async (request) => ({ company: request.body.company }),
  );
  app.post('/taken', { config: { access: 'public' } }, async () => {
    throw new AppError(409, 'This e-mail is already registered', { code: 'email_taken', field: 'email' });
  });
};

let context: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };
let adminCookie: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  const config = await createTestConfig();
  const app = await buildApp(config, { database, logger: false });
  await app.register(testRoutes, { prefix: '/api/test' });
  await app.ready();
  context = {
    app,
    close: async () => {
      await app.close();
      await database.close();
      await config.cleanUp();
    },
  };
  adminCookie = (await signIn({ db: database.db, config }, await createUser(database.db, { type: 'admin' })))
    .cookie;
});
afterAll(() => context.close());

async function sendGallery(fields: Record<string, string>, images: Buffer[], cookie = adminCookie) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [index, image] of images.entries()) {
    form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), `photo-${index}.png`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return context.app.inject({
    method: 'POST',
    url: '/api/test/gallery',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie },
  });
}

const bytes = (size: number) => Buffer.alloc(size, 7);

async function sendItems(fields: Record<string, string>, photos: Record<string, Buffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, photo] of Object.entries(photos)) {
    form.append(name, new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return context.app.inject({
    method: 'POST',
    url: '/api/test/items',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie: adminCookie },
  });
}

describe('a multipart form', () => {
  it('takes a gallery of 10 images of up to 5 MB each', async () => {
    const images = Array.from({ length: MAX_IMAGES_PER_REQUEST }, (_, index) => bytes(1_000 + index));
    images[0] = bytes(IMAGE_MAX_BYTES);
    const response = await sendGallery({ title: 'Field trip' }, images);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: 'Field trip', sizes: images.map((image) => image.length) });
  });

  it('refuses an 11th image with a clear 400 naming the field', async () => {
    const images = Array.from({ length: MAX_IMAGES_PER_REQUEST + 1 }, () => bytes(100));
    const response = await sendGallery({ title: 'Field trip' }, images);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'No more than 10 images can be sent at once',
      code: 'too_many_files',
      field: 'images',
    });
  });

  it("refuses an image past 5 MB with 413 and the spec's message", async () => {
    const response = await sendGallery({ title: 'Field trip' }, [bytes(100), bytes(IMAGE_MAX_BYTES + 1)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: IMAGE_MESSAGES.tooLarge,
      code: 'file_too_large',
      field: 'images',
    });
  });

  it('validates its text fields with the shared schema, naming each field', async () => {
    const response = await sendGallery({ title: '  ' }, [bytes(100)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Title is required',
      message: 'title: Title is required',
      code: 'validation_error',
      field: 'title',
      fields: { title: 'Title is required' },
    });
  });

  it("refuses a text field longer than the plugin reads with the schema's own length message", async () => {
    // 200 KB: past the plugin's field limit (100 KB), so the value arrives cut short.
    const response = await sendGallery({ title: 'a'.repeat(200_000) }, [bytes(100)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Title must be at most 200 characters',
      code: 'validation_error',
      field: 'title',
    });
  });

  it('refuses a field cut short even where the schema sets no limit', async () => {
    const response = await sendItems({ note: 'a'.repeat(200_000) }, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'This field is too long', field: 'note' });
    expect((await sendItems({ note: 'a'.repeat(1_000) }, {})).statusCode).toBe(200);
  });

  it('names a refused file of a list by its dotted path, as a schema names a field', async () => {
    const tooLarge = await sendItems(
      {},
      { 'items[0][photo]': bytes(100), 'items[1][photo]': bytes(IMAGE_MAX_BYTES + 1) },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: IMAGE_MESSAGES.tooLarge,
      code: 'file_too_large',
      field: 'items.1.photo',
    });
    const form = new FormData();
    for (let copy = 0; copy < 2; copy++) {
      form.append('items[1][photo]', new Blob([new Uint8Array(bytes(10))], { type: 'image/png' }), 'p.png');
    }
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const twice = await context.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, cookie: adminCookie },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'too_many_files', field: 'items.1.photo' });
  });

  it("refuses a guest's upload before reading it", async () => {
    const before = formsRead;
    const response = await sendGallery({ title: 'Field trip' }, [bytes(IMAGE_MAX_BYTES + 1)], '');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
    expect(formsRead).toBe(before);
  });
});

describe('a validation error', () => {
  it('names the fields of a JSON body, nested ones by their dotted path', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/test/representatives',
      payload: { company: '', representatives: [{ firstName: 'Ana' }, { firstName: ' ' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Company is required',
      message: 'company: Company is required; representatives.1.firstName: First name is required',
      code: 'validation_error',
      field: 'company',
      fields: {
        company: 'Company is required',
        'representatives.1.firstName': 'First name is required',
      },
    });
  });

  it('names the field of a query string and of a path parameter', async () => {
    const query = await context.app.inject({
      method: 'GET',
      url: '/api/events/retrieve-events?sort_by=password&page=0',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'validation_error',
      fields: { page: 'Page must be at least 1', sort_by: 'Invalid sort field' },
    });
    expect(query.json().field).toBe(Object.keys(query.json().fields)[0]);

    const params = await context.app.inject({ method: 'GET', url: '/api/news/add-view/not-an-id' });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ error: 'Invalid id', code: 'validation_error', field: 'id' });
  });

  it('may be a refused rule naming its field', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/test/taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'This e-mail is already registered',
      code: 'email_taken',
      field: 'email',
    });
  });
});

describe('bracketed field names', () => {
  it('are named by their dotted path in every refusal', () => {
    expect(fieldPathOf('representatives[1][avatar]')).toBe('representatives.1.avatar');
    expect(fieldPathOf('logo')).toBe('logo');
    expect(fieldPathOf('a[b]')).toBe('a.b');
  });

  it('nests representatives[i][field] into a list of records, leaving plain names alone', () => {
    expect(
      nestBracketedFields({
        type: 'company',
        'representatives[1][firstName]': 'Ben',
        'representatives[0][firstName]': 'Ana',
        'representatives[0][lastName]': 'Cruz',
      }),
    ).toEqual({
      type: 'company',
      representatives: [{ firstName: 'Ana', lastName: 'Cruz' }, { firstName: 'Ben' }],
    });
  });

  it('refuses names that would reach a prototype, mix a list with a record, or index too far', () => {
    for (const name of [
      'representatives[__proto__][firstName]',
      'constructor[prototype][x]',
      'representatives[999][firstName]',
    ]) {
      expect(() => nestBracketedFields({ [name]: 'x' })).toThrow('The form data could not be read');
    }
    expect(() =>
      nestBracketedFields({ 'representatives[0][firstName]': 'a', 'representatives[name]': 'b' }),
    ).toThrow('The form data could not be read');
    expect(() => nestBracketedFields({ representatives: 'a', 'representatives[0][firstName]': 'b' })).toThrow(
      'The form data could not be read',
    );
    expect(({} as Record<string, unknown>).firstName).toBeUndefined();
  });
});
