import { NEWS_STATUSES, type NewsStatus } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkIn, checkNotNegative, createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The words site search matches in an article (modules/search): title, description and content
 * (the English parser skips the HTML tags). The GIN index below is on this same expression, so
 * `alias` is the table's name or the alias a query gives it.
 */
export const newsSearchDocument = (alias: SQL) =>
  sql`to_tsvector('english', coalesce(${alias}.title, '') || ' ' || coalesce(${alias}.description, '') || ' ' || coalesce(${alias}.content, ''))`;

export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    /** Sanitised HTML. */
    content: text('content'),
    status: text('status').$type<NewsStatus>().notNull().default('draft'),
    author: text('author'),
    // Counters are updated with `likes = likes + 1` so concurrent likes never lose a count.
    likes: integer('likes').notNull().default(0),
    views: integer('views').notNull().default(0),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** The list search's text, lowercased and kept by the database (see events.ts `searchText`). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(title, '') || ' ' || coalesce(description, ''))`,
    ),
  },
  (t) => [
    checkIn('news_articles_status_check', t.status, NEWS_STATUSES),
    checkNotNegative('news_articles_likes_check', t.likes),
    checkNotNegative('news_articles_views_check', t.views),
    // Matches `ORDER BY created_at DESC, id DESC` exactly, so a page needs no sort (see events.ts).
    index('news_articles_status_created_idx').on(
      t.status,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('news_articles_author_status_idx').on(t.author, t.status),
    index('news_articles_created_by_idx').on(t.created_by),
    index('news_articles_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('news_articles_fts_idx').using(
      'gin',
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(content, ''))`,
    ),
  ],
);

/**
 * One like per person per article (docs/product-rules.md "News"). The key is `user:<uuid>` for a
 * signed-in user or `visitor:<id>` for a guest's cookie, so one primary key covers both.
 */
export const newsLikes = pgTable(
  'news_likes',
  {
    article_id: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    liker_key: text('liker_key').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'news_likes_pkey', columns: [t.article_id, t.liker_key] }),
    index('news_likes_user_id_idx').on(t.user_id),
  ],
);

/**
 * The views that counted (one view per visitor per article per hour, decision 026). The visitor key
 * is `user:<uuid>`, `visitor:<id>` (the likes' cookie) or `address:<ip>`; `hour` is the start of
 * the hour the view fell in. The primary key makes a second view in the same hour a no-op, and the
 * counter on the article moves only when a row was added (modules/news/service.ts `addNewsView`).
 * Rows of past hours are of no further use and are purged hourly (lib/housekeeping.ts).
 */
export const newsViews = pgTable(
  'news_views',
  {
    article_id: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    viewer_key: text('viewer_key').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'news_views_pkey', columns: [t.article_id, t.viewer_key, t.hour] }),
    // The purge deletes by hour alone.
    index('news_views_hour_idx').on(t.hour),
  ],
);

/**
 * The gallery's images given by address (`image_urls`, https only): stored as given and never
 * fetched by the server. They share the position space of the article's uploaded images
 * (`uploaded_files.position`), so one gallery order covers both kinds (modules/news/gallery.ts).
 */
export const newsImageUrls = pgTable(
  'news_image_urls',
  {
    article_id: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    primaryKey({ name: 'news_image_urls_pkey', columns: [t.article_id, t.position] }),
    checkNotNegative('news_image_urls_position_check', t.position),
  ],
);

export type NewsArticle = typeof newsArticles.$inferSelect;
export type NewNewsArticle = typeof newsArticles.$inferInsert;
export type NewsLike = typeof newsLikes.$inferSelect;
export type NewNewsLike = typeof newsLikes.$inferInsert;
