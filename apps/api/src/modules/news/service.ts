import {
  buildPagination,
  NEWS_FIELD_MESSAGES,
  NEWS_MESSAGES,
  type NewsAuthorsQuery,
  type NewsCreate,
  type NewsDetail,
  type NewsLikeAction,
  type NewsListQuery,
  type NewsUpdate,
} from '@portal/shared';
import { and, asc, desc, eq, getTableColumns, isNotNull, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsArticles, newsLikes, newsViews } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { sanitizeRichText } from '../../lib/rich-text';
import { likePattern } from '../../lib/sql';
import { galleriesOf, writeGallery } from './gallery';

export type NewsContext = { db: Db; images: ImageUploads };
/** Who reads: admins see every status; `likerKey` is the person's like (see likes in schema). */
export type NewsViewer = { manages: boolean; likerKey?: string | null };

type NewsRow = typeof newsArticles.$inferSelect;

/**
 * Lists leave out the rich-text body (the largest column), which only the detail page shows. The
 * gallery is the article's images in order (lib/images.ts); the first is the card image (spec 001 §3).
 * The search column is internal (generated from title and description) and is never returned.
 */
const { content: _content, searchText: _searchText, ...summaryColumns } = getTableColumns(newsArticles);

/**
 * Lists articles newest first. Guests and members only ever receive published articles
 * (docs/product-rules.md "News"); admins receive the status they ask for, or all.
 */
export async function listNews(db: Db, query: NewsListQuery, viewer: { manages: boolean }) {
  const status = viewer.manages ? query.status : 'published';
  const conditions: (SQL | undefined)[] = [
    status && eq(newsArticles.status, status),
    query.author !== undefined ? eq(newsArticles.author, query.author) : undefined,
    query.id ? eq(newsArticles.id, query.id) : undefined,
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

  const galleries = await galleriesOf(
    db,
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

/** Guests and members only ever see published articles (docs/product-rules.md "News"). */
const visibleTo = (viewer: { manages: boolean }, id: string) =>
  viewer.manages
    ? eq(newsArticles.id, id)
    : and(eq(newsArticles.id, id), eq(newsArticles.status, 'published'));

/** The start of the hour `at` falls in: a visitor's views within it count once. */
const HOUR_MS = 3_600_000;
export const viewHourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Counts a view when a reader opens an article ('Read More', spec 001 §7), at most once per
 * visitor per article per hour (docs/decisions/026): the view's row is inserted with
 * ON CONFLICT DO NOTHING and the counter moves only when the row was new, in one transaction, with
 * `views = views + 1` in the database so concurrent views are never lost. The public can count
 * published articles only. `now` is the clock, given by tests.
 */
export async function addNewsView(
  db: Db,
  id: string,
  viewer: { manages: boolean; viewerKey: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    // KEY SHARE: the article cannot be deleted before the view's row refers to it, yet likes and
    // other views may still update it.
    const [article] = await tx
      .select({ views: newsArticles.views })
      .from(newsArticles)
      .where(visibleTo(viewer, id))
      .for('key share');
    if (!article) throw notFound(NEWS_MESSAGES.notFound);
    const counted = await tx
      .insert(newsViews)
      .values({ article_id: id, viewer_key: viewer.viewerKey, hour: viewHourOf(now) })
      .onConflictDoNothing()
      .returning({ id: newsViews.article_id });
    // Already counted for this visitor this hour.
    if (counted.length === 0) return { views: article.views };
    const [updated] = await tx
      .update(newsArticles)
      // A view is not an edit: 'Last updated' stays.
      .set({ views: sql`${newsArticles.views} + 1`, updated_at: sql`${newsArticles.updated_at}` })
      .where(eq(newsArticles.id, id))
      .returning({ views: newsArticles.views });
    return { views: updated?.views ?? article.views + 1 };
  });
}

/**
 * The author filter's options: the distinct authors of the articles the viewer may see, of the
 * status the list shows (an admin's choice, or all; guests and members: published).
 */
export async function listNewsAuthors(db: Db, query: NewsAuthorsQuery, viewer: { manages: boolean }) {
  const status = viewer.manages ? query.status : 'published';
  const rows = await db
    .selectDistinct({ author: newsArticles.author })
    .from(newsArticles)
    .where(and(isNotNull(newsArticles.author), status ? eq(newsArticles.status, status) : undefined))
    .orderBy(asc(newsArticles.author));
  return { authors: rows.map((row) => row.author as string) };
}

/** The article page (spec 001 §2): the article with its gallery, likes and the viewer's like. */
export async function getNews(db: Db, id: string, viewer: NewsViewer): Promise<NewsDetail> {
  const { searchText: _unused, ...columns } = getTableColumns(newsArticles);
  const [row] = await db.select(columns).from(newsArticles).where(visibleTo(viewer, id));
  if (!row) throw notFound(NEWS_MESSAGES.notFound);
  const [galleries, liked] = await Promise.all([
    galleriesOf(db, [id]),
    viewer.likerKey
      ? db
          .select({ id: newsLikes.article_id })
          .from(newsLikes)
          .where(and(eq(newsLikes.article_id, id), eq(newsLikes.liker_key, viewer.likerKey)))
      : Promise.resolve([]),
  ]);
  return {
    ...toNewsResponse({ ...row, image_gallery: galleries.get(id) ?? [] }),
    content: row.content,
    isLiked: liked.length > 0,
  };
}

/**
 * Likes or unlikes for one person (docs/product-rules.md "News"), in one statement: the like row's primary
 * key makes a second like a no-op, and the counter moves by the rows really added or removed,
 * `likes = likes ± n` in the database, so concurrent likes never lose a count. The article's row
 * is locked only while PostgreSQL runs the statement, not across round trips to the server, so a
 * crowd liking one article at once does not queue connections behind it.
 */
export async function likeNews(
  db: Db,
  id: string,
  action: NewsLikeAction,
  viewer: NewsViewer & { likerKey: string; userId: string | null },
) {
  const article = db
    .$with('article')
    .as(db.select({ id: newsArticles.id }).from(newsArticles).where(visibleTo(viewer, id)));
  const changed = db.$with('changed').as(
    action === 'like'
      ? db
          .insert(newsLikes)
          .select(
            db
              .select({
                article_id: article.id,
                liker_key: sql`${viewer.likerKey}`.as('liker_key'),
                user_id: sql`${viewer.userId}::uuid`.as('user_id'),
                created_at: sql`now()`.as('created_at'),
              })
              .from(article),
          )
          .onConflictDoNothing()
          .returning({ id: newsLikes.article_id })
      : db
          .delete(newsLikes)
          .where(
            and(
              eq(newsLikes.article_id, id),
              eq(newsLikes.liker_key, viewer.likerKey),
              sql`exists (select 1 from ${article})`,
            ),
          )
          .returning({ id: newsLikes.article_id }),
  );
  const [updated] = await db
    .with(article, changed)
    .update(newsArticles)
    .set({
      likes: sql`${newsArticles.likes} ${action === 'like' ? sql`+` : sql`-`} (select count(*)::int from ${changed})`,
      // A like is not an edit: 'Last updated' stays.
      updated_at: sql`${newsArticles.updated_at}`,
    })
    .where(sql`${newsArticles.id} = (select ${article.id} from ${article})`)
    .returning({ likes: newsArticles.likes });
  if (!updated) throw notFound(NEWS_MESSAGES.notFound);
  return { likes: updated.likes, isLiked: action === 'like' };
}

/** Stored content is the sanitiser's output only; a body that sanitises to nothing is missing. */
function sanitizedContent(html: string): string {
  const clean = sanitizeRichText(html);
  const hasText =
    clean
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== '';
  if (!hasText && !/<(img|hr|table)\b/i.test(clean)) {
    throw validationError([{ field: 'content', message: NEWS_FIELD_MESSAGES.contentRequired }]);
  }
  return clean;
}

async function findArticle(db: Db, id: string) {
  const { searchText: _unused, ...columns } = getTableColumns(newsArticles);
  const [row] = await db.select(columns).from(newsArticles).where(eq(newsArticles.id, id));
  if (!row) throw notFound(NEWS_MESSAGES.notFound);
  const galleries = await galleriesOf(db, [id]);
  return { ...toNewsResponse({ ...row, image_gallery: galleries.get(id) ?? [] }), content: row.content };
}

/**
 * Creates an article with its gallery (spec 001 §5): the uploads are processed and stored first,
 * then the article and its gallery are written in one transaction; a refusal anywhere leaves
 * neither a row nor a file behind (lib/images.ts `withStoredImages`).
 */
export async function createNews(
  { db, images }: NewsContext,
  { image_urls, image_order, content, ...fields }: NewsCreate,
  uploads: readonly Buffer[],
  createdBy: string | null,
) {
  const clean = sanitizedContent(content);
  const id = await images.withStoredImages(uploads, (stored) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(newsArticles)
        .values({ ...fields, content: clean, created_by: createdBy })
        .returning({ id: newsArticles.id });
      if (!created) throw new Error('The article was not inserted');
      await writeGallery(tx, created.id, {
        removed: [],
        uploads: stored,
        urls: image_urls,
        order: image_order,
      });
      return created.id;
    }),
  );
  return findArticle(db, id);
}

/** Changes an article and its gallery in one transaction; removed files go once it has committed. */
export async function updateNews(
  { db, images }: NewsContext,
  id: string,
  { id: bodyId, image_urls, image_order, removed_images, content, ...fields }: NewsUpdate,
  uploads: readonly Buffer[],
) {
  if (bodyId !== undefined && bodyId !== id) {
    throw validationError([{ field: 'id', message: NEWS_FIELD_MESSAGES.idMismatch }]);
  }
  // A field left out keeps its stored value (newsUpdateSchema); content is sanitised when given.
  const changes = { ...fields, ...(content !== undefined ? { content: sanitizedContent(content) } : {}) };
  const released = await images.withStoredImages(uploads, (stored) =>
    db.transaction(async (tx) => {
      // Locked, so two edits of one gallery at once are applied one after the other.
      const [current] = await tx
        .select({ id: newsArticles.id })
        .from(newsArticles)
        .where(eq(newsArticles.id, id))
        .for('update');
      if (!current) throw notFound(NEWS_MESSAGES.notFound);
      const removedFiles = await writeGallery(tx, id, {
        removed: removed_images,
        uploads: stored,
        urls: image_urls,
        order: image_order,
      });
      await tx
        .update(newsArticles)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(newsArticles.id, id));
      return removedFiles;
    }),
  );
  await images.removeFiles(released);
  return findArticle(db, id);
}

/** Deletes an article; its likes and image URLs go with it (cascade), its uploaded files after the commit. */
export async function deleteNews({ db, images }: NewsContext, id: string) {
  const removed = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(newsArticles)
      .where(eq(newsArticles.id, id))
      .returning({ id: newsArticles.id });
    if (!deleted) throw notFound(NEWS_MESSAGES.notFound);
    return images.release(tx, { type: 'news_article', id });
  });
  await images.removeFiles(removed);
  return { id };
}
