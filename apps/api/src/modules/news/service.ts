import { buildPagination, type NewsListQuery, type NewsStatus } from '@portal/shared';
import { and, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsArticles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ExpiringCache } from '../../lib/expiring-cache';
import { pageWindow, selectFilters } from '../../lib/list-queries';
import { prepared } from '../../lib/prepared-statements';
import { likePattern } from '../../lib/sql';

type NewsRow = typeof newsArticles.$inferSelect;

/** Lists leave out the rich-text body (the largest column), which only the detail page shows. */
const { content: _content, ...summaryColumns } = getTableColumns(newsArticles);

/** The filters of a list request; each is a placeholder of the list's prepared statements. */
type NewsFilters = {
  status: NewsStatus | undefined;
  author: string | undefined;
  pattern: string | undefined;
};

const pattern = sql.placeholder('pattern');
const filterConditions: Record<keyof NewsFilters, SQL> = {
  status: eq(newsArticles.status, sql.placeholder('status')),
  author: eq(newsArticles.author, sql.placeholder('author')),
  pattern: or(ilike(newsArticles.title, pattern), ilike(newsArticles.description, pattern)) as SQL,
};

// The id breaks ties so that paging never repeats or skips a row.
const newestFirst = [desc(newsArticles.created_at), desc(newsArticles.id)];

/**
 * Lists articles newest first, through one prepared statement per query shape
 * (lib/prepared-statements.ts). Guests and members only ever receive published articles
 * (DECISIONS.md "News"); admins receive the status they ask for, or all.
 */
export async function listNews(
  db: Db,
  totals: ExpiringCache<number>,
  query: NewsListQuery,
  viewer: { isAdmin: boolean },
) {
  const filters = selectFilters(filterConditions, {
    status: viewer.isAdmin ? query.status : 'published',
    author: query.author,
    pattern: query.search ? likePattern(query.search) : undefined,
  });

  const offset = (query.page - 1) * query.limit;
  const skipsRows = offset > 0;
  const page = prepared(db, `news_page_${filters.shape}_${skipsRows ? 'skip' : 'first'}`, (name) => {
    const range = pageWindow(db, newsArticles, { where: filters.where(), order: newestFirst, skipsRows });
    return db
      .select(summaryColumns)
      .from(newsArticles)
      .where(range.where)
      .orderBy(...newestFirst)
      .limit(range.limit)
      .offset(range.offset)
      .prepare(name);
  });
  const rows = await page.execute({ ...filters.values, limit: query.limit, offset });

  const total = await totals.get(JSON.stringify(filters.values), async () => {
    const count = prepared(db, `news_count_${filters.shape}`, (name) =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(newsArticles)
        .where(filters.where())
        .prepare(name),
    );
    const [counted] = await count.execute(filters.values);
    return counted?.total ?? 0;
  });

  return {
    news: rows.map(toNewsResponse),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

export function toNewsResponse<Row extends Omit<NewsRow, 'content'>>(row: Row) {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/**
 * Counts one view when a reader opens an article ('Read More', spec 001 §7). The increment happens
 * in the database, so concurrent views are never lost; the public can count published articles only.
 */
export async function addNewsView(db: Db, id: string, viewer: { isAdmin: boolean }) {
  const [article] = await db
    .update(newsArticles)
    .set({ views: sql`${newsArticles.views} + 1`, updated_at: sql`${newsArticles.updated_at}` })
    .where(
      viewer.isAdmin
        ? eq(newsArticles.id, id)
        : and(eq(newsArticles.id, id), eq(newsArticles.status, 'published')),
    )
    .returning({ views: newsArticles.views });
  if (!article) throw notFound('Article not found');
  return article;
}
