import { buildPagination, type NewsListQuery } from '@portal/shared';
import { and, desc, eq, getTableColumns, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsArticles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { imagePathsOf } from '../../lib/images';
import { likePattern } from '../../lib/sql';

type NewsRow = typeof newsArticles.$inferSelect;

/**
 * Lists leave out the rich-text body (the largest column), which only the detail page shows. The
 * gallery is the article's images in order (lib/images.ts); the first is the card image (spec 001 §3).
 * The search column is internal (generated from title and description) and is never returned.
 */
const { content: _content, searchText: _searchText, ...summaryColumns } = getTableColumns(newsArticles);

/**
 * Lists articles newest first. Guests and members only ever receive published articles
 * (DECISIONS.md "News"); admins receive the status they ask for, or all.
 */
export async function listNews(db: Db, query: NewsListQuery, viewer: { isAdmin: boolean }) {
  const status = viewer.isAdmin ? query.status : 'published';
  const conditions: (SQL | undefined)[] = [
    status && eq(newsArticles.status, status),
    query.author !== undefined ? eq(newsArticles.author, query.author) : undefined,
  ];
  if (query.search) {
    // Title or description contains the text, case-insensitively: search_text holds both lowercased,
    // so a lowercased pattern and plain LIKE give one condition the planner prices right, on one
    // trigram index (an OR of ILIKEs was planned as a sequential scan).
    conditions.push(like(newsArticles.searchText, likePattern(query.search.toLowerCase())));
  }
  const where = and(...conditions);

  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(newsArticles)
      .where(where)
      // The id breaks ties so that paging never repeats or skips a row.
      .orderBy(desc(newsArticles.created_at), desc(newsArticles.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(newsArticles).where(where),
  ]);

  const galleries = await imagePathsOf(
    db,
    'news_article',
    rows.map((row) => row.id),
  );
  return {
    news: rows.map((row) => toNewsResponse({ ...row, image_gallery: galleries.get(row.id) ?? [] })),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

export function toNewsResponse<
  Row extends Omit<NewsRow, 'content' | 'searchText'> & { image_gallery: string[] },
>(row: Row) {
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
