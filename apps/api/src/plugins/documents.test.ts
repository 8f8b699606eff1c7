import { DOCUMENT_COLLECTIONS, getDocumentUrl } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

describe('the static documents of the catalogue', () => {
  const publicDocuments = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'public').flatMap(
    (collection) => collection.documents.map((document) => [getDocumentUrl(collection, document)] as const),
  );

  it.each(publicDocuments)('serves %s as a real PDF', async (url) => {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps every Member's News file from guests", async () => {
    const memberCollections = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'member');
    const urls = memberCollections.flatMap((collection) =>
      collection.documents.map((document) => getDocumentUrl(collection, document)),
    );
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });
});
