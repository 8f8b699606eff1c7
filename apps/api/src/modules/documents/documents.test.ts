import { DOCUMENT_COLLECTIONS, getDocumentUrl, memberNewsCollection } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the static documents of the catalogue', () => {
  const publicDocuments = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'public').flatMap(
    (collection) => collection.documents.map((document) => [getDocumentUrl(collection, document)] as const),
  );

  it.each(publicDocuments)('serves %s as a real PDF', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each(publicDocuments)('serves %s to a browser whose session has lapsed', async (url) => {
    const response = await get(url, 'access_token=expired.or.tampered; has_session=1');
    expect(response.statusCode).toBe(200);
  });

  it("keeps every Member's News file from guests", async () => {
    const memberCollections = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'member');
    const urls = memberCollections.flatMap((collection) =>
      collection.documents.map((document) => getDocumentUrl(collection, document)),
    );
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses document names that leave the folder or do not exist', async () => {
    for (const url of [
      '/mgb-guidelines-and-forms/..%2F..%2Fpackage.json',
      '/mgb-guidelines-and-forms/missing.pdf',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Document not found', code: 'not_found' });
    }
  });
});

const firstDocument = memberNewsCollection.documents[0]?.filename;
const memberNewsUrl = `${memberNewsCollection.publicPath}/${firstDocument}`;
const DAY_MS = 86_400_000;

async function memberWith(membership?: Parameters<typeof createMembership>[2]) {
  const user = await createUser(context.db);
  if (membership) await createMembership(context.db, user.id, membership);
  return (await signIn(context, user)).cookie;
}

describe("Member's News downloads (active members only)", () => {
  it('asks a guest to sign in', async () => {
    const response = await get(memberNewsUrl);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });

  it.each([
    ['no membership', undefined],
    ['a pending membership', { status: 'pending' as const, startsAt: null, expiresAt: null }],
    ['a rejected membership', { status: 'rejected' as const }],
    ['an expired membership', { expiresAt: new Date(Date.now() - DAY_MS) }],
  ])('refuses a member with %s', async (_name, membership) => {
    const response = await get(memberNewsUrl, await memberWith(membership));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'An active membership is required to download this file',
      code: 'not_in_good_standing',
    });
  });

  it('serves the PDF to a member whose membership is approved and running', async () => {
    const response = await get(memberNewsUrl, await memberWith({ expiresAt: new Date(Date.now() + DAY_MS) }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // A members' file: no shared cache keeps it for the next, unpaid, reader (decision 066).
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves admins without a membership', async () => {
    const admin = await createUser(context.db, { type: 'admin' });
    const response = await get(memberNewsUrl, (await signIn(context, admin)).cookie);
    expect(response.statusCode).toBe(200);
  });

  it('asks for a refresh when the access token no longer works', async () => {
    const response = await get(memberNewsUrl, 'access_token=expired.or.tampered; has_session=1');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Invalid or expired token');
  });
});
