import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createNewsArticle } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { guestContentReads, RefusedInput } from './content-reads';

/**
 * The server-rendered pages read the routes' own answers in-process (docs/decisions/035): each
 * read must be, body for body, what the browser's call of a guest receives over HTTP.
 */
let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context?.close());

const overHttp = async (url: string) => {
  const response = await context.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("the content pages' reads as a guest", () => {
  it('answer the lists as their routes do over HTTP: same body, drafts hidden', async () => {
    const reads = guestContentReads(context.db);
    const event = await createEvent(context.db, { title: 'Reads Workshop', content: '<p>Long body</p>' });
    await createEvent(context.db, { title: 'Reads Draft', status: 'draft' });
    await createNewsArticle(context.db, { title: 'Reads Article', author: 'Reads Desk' });
    await createNewsArticle(context.db, {
      title: 'Reads Draft Article',
      status: 'draft',
      author: 'Hidden Desk',
    });

    const eventsQuery = {
      search: 'Reads',
      page: '1',
      status: 'published',
      sort_by: 'created_at',
      sort_order: 'desc',
    };
    const events = await reads.listEvents({ ...eventsQuery, event_type: undefined, upcoming: '' });
    expect(events).toEqual(await overHttp(`/api/events/retrieve-events?${new URLSearchParams(eventsQuery)}`));
    expect(events.data.events.map((item) => item.title)).toEqual(['Reads Workshop']);
    // The list's response schema leaves the rich-text body out, and dates are text.
    expect(events.data.events[0]).not.toHaveProperty('content');
    expect(typeof events.data.events[0]?.created_at).toBe('string');

    // A guest asking for drafts gets published articles (docs/decisions/026).
    const news = await reads.listNews({ search: 'Reads', status: 'draft' });
    expect(news).toEqual(await overHttp('/api/news/get-news?search=Reads&status=draft'));
    expect(news.data.news.map((item) => item.title)).toEqual(['Reads Article']);

    const authors = await reads.listNewsAuthors({ status: 'published' });
    expect(authors).toEqual(await overHttp('/api/news/get-authors?status=published'));
    expect(authors.data.authors).toContain('Reads Desk');
    expect(authors.data.authors).not.toContain('Hidden Desk');

    expect(await reads.getEvent(event.id)).toEqual(await overHttp(`/api/events/retrieve-events/${event.id}`));
  });

  it("answers an article as its route does, with a guest's like", async () => {
    const article = await createNewsArticle(context.db, {
      title: 'Reads Liked',
      image_gallery: ['/uploads/a.webp'],
    });
    const body = await guestContentReads(context.db).getNews(article.id);
    expect(body).toEqual(await overHttp(`/api/news/get-news/${article.id}`));
    expect(body.data).toMatchObject({
      title: 'Reads Liked',
      isLiked: false,
      image_gallery: ['/uploads/a.webp'],
    });
  });

  it('refuses what the routes refuse: bad input, with the 400 body of the route, an unknown or draft record', async () => {
    const reads = guestContentReads(context.db);
    for (const [read, url] of [
      [
        () => reads.listEvents({ page: 'abc', search: 'a\u0000b' }),
        '/api/events/retrieve-events?page=abc&search=a%00b',
      ],
      [
        () => reads.listNews({ author: 'x'.repeat(201), page: '0' }),
        `/api/news/get-news?author=${'x'.repeat(201)}&page=0`,
      ],
      [() => reads.getEvent('not-an-id'), '/api/events/retrieve-events/not-an-id'],
    ] as const) {
      const overHttp = await context.app.inject({ method: 'GET', url });
      expect(overHttp.statusCode).toBe(400);
      const refusal = await read().catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RefusedInput);
      expect((refusal as RefusedInput).body).toEqual(overHttp.json());
    }
    const draft = await createEvent(context.db, { status: 'draft' });
    await expect(reads.getEvent(draft.id)).rejects.toMatchObject({ statusCode: 404 });
    const draftArticle = await createNewsArticle(context.db, { status: 'draft' });
    await expect(reads.getNews(draftArticle.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
