import { newsListQuerySchema, newsSummarySchema } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAsGuest } from './lib/public-read';
import { newsReads } from './modules/news';
import { listNews } from './modules/news/service';
import { createNewsArticle, createUser } from './test/factories';
import { buildTestApp } from './test/helper';

// Answers are written by fast-json-stringify compiled from the route's Zod schema (lib/json-serializer.ts,
// decision 079): the route's Zod
// schema decides what goes out. The news list's service selects `created_by` (an author's user
// id) with the other columns and no schema declares it, so it is the column that must not leak.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let context: Awaited<ReturnType<typeof buildTestApp>>;
let articleId: string;
beforeAll(async () => {
  context = await buildTestApp();
  const author = await createUser(context.db);
  articleId = (await createNewsArticle(context.db, { created_by: author.id })).id;
});
afterAll(() => context.close());

describe('what a route writes', () => {
  it('reaches the serializer with a column no schema declares', async () => {
    // Without this the test below could pass for want of the column, not for the serializer.
    const { news } = await listNews(context.db, newsListQuerySchema.parse({}), { manages: false });
    expect(news.find((article) => article.id === articleId)).toHaveProperty('created_by');
  });

  it('is only the declared fields, dates as ISO text', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/news/get-news' });
    expect(response.statusCode).toBe(200);
    const article = response.json().data.news.find((found: { id: string }) => found.id === articleId);
    expect(Object.keys(article).sort()).toEqual(Object.keys(newsSummarySchema.shape).sort());
    expect(article).not.toHaveProperty('created_by');
    expect(article.created_at).toMatch(ISO_INSTANT);
    expect(article.updated_at).toMatch(ISO_INSTANT);
  });

  it('is what the server renderer reads as a guest, written by the same serializer', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/news/get-news' });
    expect(await readAsGuest(context.db, newsReads.list, {})).toEqual(response.json());
  });
});
