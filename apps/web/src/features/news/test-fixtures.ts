import {
  type NewsDetail,
  newsArticleResponseSchema,
  newsAuthorsResponseSchema,
  newsDeleteResponseSchema,
  newsDetailResponseSchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsViewResponseSchema,
} from '@portal/shared';
import { answer, fakeApi, http, refusal } from '@/test/fake-api';
import { queryRefusal } from '@/test/fixtures';

let nextId = 0;

/** An article as GET /news/get-news/{id} returns it (a list leaves out `content`); unique per call. */
export const makeNewsArticle = (overrides: Partial<NewsDetail> = {}): NewsDetail => {
  nextId += 1;
  return {
    id: `7b0a3c4e-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    title: `Article ${nextId}`,
    description: 'News from the exploration industry.',
    content: '<p>Body</p>',
    status: 'published',
    author: 'Secretariat',
    image_gallery: [],
    likes: 0,
    views: 0,
    isLiked: false,
    created_at: '2026-03-01T02:30:00.000Z',
    updated_at: '2026-03-01T02:30:00.000Z',
    ...overrides,
  };
};

export type NewsApiCall = { method: string; url: URL; body: FormData | null };

/**
 * A stand-in for the news API on the fake API (test/fake-api.ts), kept as the server keeps it: the list
 * filtered by status, author and search and paged (its query refused as the route's schema refuses it), the author options of a status, the article,
 * and the admin's writes (`write` may answer a write instead, to make it fail). `asAdmin` says
 * whether the viewer is an admin: like the server, it gives anyone else published articles only.
 */
export function stubNewsApi(
  articles: NewsDetail[],
  { asAdmin = false, write }: { asAdmin?: boolean; write?: (call: NewsApiCall) => Response | undefined } = {},
) {
  const calls: NewsApiCall[] = [];
  const visible = (status: string | null) =>
    articles.filter((article) =>
      asAdmin ? !status || article.status === status : article.status === 'published',
    );
  const handle = async (request: Request) => {
    const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
    const call = {
      method: request.method,
      url: new URL(request.url),
      body: multipart ? await request.formData() : null,
    };
    calls.push(call);
    const { pathname, searchParams } = call.url;
    if (call.method === 'GET' && pathname === '/api/news/get-news') {
      const refused = queryRefusal(newsListQuerySchema, searchParams);
      if (refused) return refusal(400, refused);
      const page = Number(searchParams.get('page') ?? 1);
      const limit = Number(searchParams.get('limit') ?? 8);
      const search = searchParams.get('search')?.toLowerCase();
      const author = searchParams.get('author');
      const found = visible(searchParams.get('status')).filter(
        (article) =>
          (!author || article.author === author) &&
          (!search || `${article.title} ${article.description ?? ''}`.toLowerCase().includes(search)),
      );
      const totalPages = Math.max(1, Math.ceil(found.length / limit));
      return answer(newsListResponseSchema, {
        data: {
          news: found
            .slice((page - 1) * limit, page * limit)
            .map(({ content: _content, isLiked: _liked, ...summary }) => summary),
          pagination: {
            page,
            limit,
            total: found.length,
            totalPages,
            hasNext: page < totalPages,
            hasPrev: page > 1,
          },
        },
      });
    }
    if (call.method === 'GET' && pathname === '/api/news/get-authors') {
      const authors = visible(searchParams.get('status')).flatMap((article) => article.author ?? []);
      return answer(newsAuthorsResponseSchema, { data: { authors: [...new Set(authors)].sort() } });
    }
    const id = pathname.split('/').at(-1) ?? '';
    const existing = articles.find((article) => article.id === id);
    if (call.method === 'GET' && pathname.startsWith('/api/news/get-news/')) {
      return existing
        ? answer(newsDetailResponseSchema, { data: existing })
        : refusal(404, { error: 'Article not found' });
    }
    if (call.method === 'GET' && pathname.startsWith('/api/news/add-view/')) {
      return answer(newsViewResponseSchema, { data: { views: 1 } });
    }
    const written = write?.(call);
    if (written) return written;
    if (call.method === 'DELETE' && existing) {
      articles.splice(articles.indexOf(existing), 1);
      return answer(newsDeleteResponseSchema, { data: { id } });
    }
    if (call.method === 'POST' && pathname === '/api/news/admin/create-news') {
      const fields = Object.fromEntries(call.body?.entries() ?? []);
      const created = makeNewsArticle({
        title: String(fields.title),
        author: String(fields.author),
        status: 'draft',
      });
      articles.unshift(created);
      return answer(newsArticleResponseSchema, { data: created }, 201);
    }
    return refusal(404, { error: 'Not Found' });
  };
  fakeApi.use(http.all('/api/news/*', ({ request }) => handle(request)));
  const gets = (path: string) =>
    calls
      .filter((call) => call.method === 'GET' && call.url.pathname === path)
      .map((call) => call.url.searchParams);
  return {
    calls,
    /** The query of each list request, in order. */
    listQueries: () => gets('/api/news/get-news'),
    /** The query of each author-options request, in order. */
    authorQueries: () => gets('/api/news/get-authors'),
  };
}
