import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMembers } from '../db/schema';
import { createUser, signIn } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { multipartBody } from '../test/multipart';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
});

afterAll(async () => {
  await context.close();
});

// PostgreSQL refuses 0x00 in text, which was once a 500 (and 4 KB of log) for anyone.
describe('control characters in what a client sends', () => {
  it.each(['/api/news/get-news', '/api/events/retrieve-events', '/api/boards/get-board-members'])(
    'refuse a NUL in the search of %s with a 400 naming the field',
    async (url) => {
      for (const search of ['%00', 'nickel%00', '%1B%5B31m']) {
        const response = await context.app.inject({ method: 'GET', url: `${url}?search=${search}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'Search must not contain control characters',
          code: 'validation_error',
          field: 'search',
        });
      }
    },
  );

  it('refuse a NUL in a text field and write nothing', async () => {
    const { payload, headers } = await multipartBody({
      name: 'Ana\u0000Cruz',
      title: 'Chair',
      position: 'President',
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/boards/admin/create-board-member',
      payload,
      headers: { ...headers, cookie: adminCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Name must not contain control characters',
      field: 'name',
    });
    expect(await context.db.select().from(boardMembers)).toHaveLength(0);
  });
});
