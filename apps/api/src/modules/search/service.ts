import {
  DOCUMENT_COLLECTIONS,
  getDocumentUrl,
  SITE_SEARCH_LIMIT,
  SITE_TIME_ZONE,
  type SiteSearchResult,
  sitePaths,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsSearchDocument } from '../../db/schema';

/**
 * Site search beyond the page list (spec 000 §2, docs/product-rules.md "Search"): PostgreSQL
 * full-text search over the published events and news and the downloadable documents, best match
 * first. Each word of the query must match, as a prefix, so 'nick' already finds 'nickel' while
 * typing.
 */

/** 'nickel dues!' → `nickel:* & dues:*`; null when no word is left. */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 10)
        .map((word) => `${word}:*`)
        .join(' & ')
    : null;
}

/** The documents as rows for SQL: members' files point to their page, others to the file itself. */
const documentRows = DOCUMENT_COLLECTIONS.flatMap((collection) =>
  collection.documents.map((document) => ({
    title: document.title,
    description: document.description,
    path: collection.access === 'member' ? sitePaths.membersNews : getDocumentUrl(collection, document),
  })),
);

export async function searchSite(db: Db, text: string): Promise<SiteSearchResult[]> {
  const query = prefixQuery(text);
  if (!query) return [];
  const documents = sql.join(
    documentRows.map((row) => sql`(${row.title}, ${row.description}, ${row.path})`),
    sql`, `,
  );
  const eventDocument = sql`to_tsvector('english', coalesce(e.title, '') || ' ' || coalesce(e.description, '') || ' ' || coalesce(e.content, '') || ' ' || coalesce(e.location_name, '') || ' ' || coalesce(e.city, ''))`;
  type Row = SiteSearchResult;
  // Both drivers answer `{ rows }`; Drizzle's common type does not say so.
  const result = (await db.execute(sql`
    with q as (select to_tsquery('english', ${query}) as query)
    select type, title, description, path, date from (
      select 'news' as type, n.title, coalesce(n.description, '') as description,
        ${sitePaths.news} || '/' || n.id::text as path,
        (n.created_at at time zone ${SITE_TIME_ZONE})::date::text as date,
        ts_rank(${newsSearchDocument(sql`n`)}, q.query) as rank
      from news_articles n, q
      where n.status = 'published' and ${newsSearchDocument(sql`n`)} @@ q.query
      union all
      select 'event', e.title, coalesce(e.description, ''), ${sitePaths.events} || '/' || e.id::text,
        e.start_date::text, ts_rank(${eventDocument}, q.query)
      from events e, q
      where e.status = 'published' and ${eventDocument} @@ q.query
      union all
      select 'document', d.title, d.description, d.path, null,
        ts_rank(to_tsvector('english', d.title || ' ' || d.description), q.query)
      from (values ${documents}) as d(title, description, path), q
      where to_tsvector('english', d.title || ' ' || d.description) @@ q.query
    ) found
    order by rank desc, title
    limit ${SITE_SEARCH_LIMIT}
  `)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    type: row.type,
    title: row.title,
    description:
      row.description.length > 160 ? `${row.description.slice(0, 160).trimEnd()}…` : row.description,
    path: row.path,
    date: row.date,
  }));
}
