import { DOCUMENT_COLLECTIONS, getDocumentUrl, sitePaths } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createNewsArticle } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { prefixQuery } from './service';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const search = (q: string) => context.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
const found = async (q: string) =>
  (await search(q)).json().data.results as { type: string; title: string; path: string }[];

beforeAll(async () => {
  context = await buildTestApp();
  await createNewsArticle(context.db, {
    title: 'Laterite outlook for the year',
    description: 'Prices firm up.',
    content: '<p>Surigao <strong>nickel</strong> shipments doubled.</p>',
  });
  await createNewsArticle(context.db, { title: 'Nickel draft', status: 'draft' });
  await createEvent(context.db, {
    title: 'Nickel Processing Workshop',
    status: 'published',
    start_date: '2027-02-18',
  });
  await createEvent(context.db, { title: 'Nickel secret planning', status: 'draft' });
});
afterAll(() => context.close());

describe('GET /api/search', () => {
  it('finds published news by a word of its content, published events, never drafts', async () => {
    const results = await found('nickel');
    expect(results).toContainEqual(
      expect.objectContaining({
        type: 'news',
        title: 'Laterite outlook for the year',
        path: expect.stringMatching(/^\/news\//),
      }),
    );
    expect(results).toContainEqual(
      expect.objectContaining({
        type: 'event',
        title: 'Nickel Processing Workshop',
        path: expect.stringMatching(/^\/events\//),
        // The day it is about, shown in place of the id in its address.
        date: '2027-02-18',
      }),
    );
    const article = results.find((result) => result.type === 'news') as unknown as { date: string };
    expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(results.map((result) => result.title)).not.toContain('Nickel draft');
    expect(results.map((result) => result.title)).not.toContain('Nickel secret planning');
  });

  // docs/decisions/026: the /members-news page lists these titles and descriptions to everyone;
  // the files are what is kept for members. So a guest finds them, and is led to the page.
  it("shows a guest the members-only documents' titles as their public page does, leading to the page, never the file", async () => {
    const memberCollections = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'member');
    const documents = memberCollections.flatMap((collection) =>
      collection.documents.map((document) => ({ document, file: getDocumentUrl(collection, document) })),
    );
    expect(documents.length).toBeGreaterThan(0);
    for (const { document, file } of documents) {
      const results = await found(document.title);
      const hit = results.find((result) => result.type === 'document' && result.title === document.title);
      expect(hit).toMatchObject({ path: sitePaths.membersNews });
      expect(results.map((result) => result.path)).not.toContain(file);
      // The file itself stays refused to the guest who found its title.
      expect((await context.app.inject({ url: file })).statusCode).toBe(401);
    }
    expect(await found('dues')).toContainEqual(
      expect.objectContaining({
        type: 'document',
        title: 'Reminder on Semestral Membership Dues',
        path: '/members-news',
        date: null,
      }),
    );
  });

  it('matches words as prefixes, stemmed, and every word must match', async () => {
    expect((await found('nick')).length).toBeGreaterThan(0);
    expect((await found('shipment'))[0]?.title).toBe('Laterite outlook for the year');
    expect(await found('nickel zzzunknown')).toEqual([]);
    expect(await found('!!! ***')).toEqual([]);
  });

  it('answers 400 without a query', async () => {
    const response = await search('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Search is required' });
  });
});

describe('prefixQuery', () => {
  it('keeps letters and digits only, so no tsquery syntax gets through', () => {
    expect(prefixQuery("Nickel & dues:* | !x'")).toBe('nickel:* & dues:* & x:*');
    expect(prefixQuery('  ')).toBeNull();
  });
});
