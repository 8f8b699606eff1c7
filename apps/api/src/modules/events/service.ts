import { buildPagination, type EventListQuery, manilaDateString } from '@portal/shared';
import { and, asc, desc, eq, getTableColumns, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { CountCache } from '../../lib/count-cache';
import { likePattern, toMinutes, toNumberOrNull } from '../../lib/sql';

type EventRow = typeof events.$inferSelect;

/** Lists leave out the rich-text body (the largest column), which only the detail page shows. */
const { content: _content, ...summaryColumns } = getTableColumns(events);

const sortColumns = {
  created_at: events.created_at,
  start_date: events.start_date,
  title: events.title,
  event_type: events.event_type,
  status: events.status,
} as const;

/**
 * Lists events a page at a time. Guests and members only ever see published events, whatever
 * status they ask for (DECISIONS.md "Events"); admins see the status they ask for, or all.
 */
export async function listEvents(
  db: Db,
  totals: CountCache,
  query: EventListQuery,
  viewer: { isAdmin: boolean },
) {
  const conditions: SQL[] = [];
  const status = viewer.isAdmin ? query.status : 'published';
  if (status) conditions.push(eq(events.status, status));
  if (query.event_type) conditions.push(eq(events.event_type, query.event_type));
  if (query.is_registration_required !== undefined) {
    conditions.push(eq(events.is_registration_required, query.is_registration_required));
  }
  if (query.upcoming) conditions.push(gte(events.start_date, manilaDateString()));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(events.title, pattern),
        ilike(events.description, pattern),
        ilike(events.organizer_name, pattern),
        ilike(events.location_name, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const filters = {
    status,
    type: query.event_type,
    registration: query.is_registration_required,
    upcoming: query.upcoming ? manilaDateString() : null,
    search: query.search,
  };
  const direction = query.sort_order === 'asc' ? asc : desc;
  const offset = (query.page - 1) * query.limit;

  const rows = await db
    .select(summaryColumns)
    .from(events)
    .where(where)
    // The id breaks ties so that paging never repeats or skips a row.
    .orderBy(direction(sortColumns[query.sort_by]), direction(events.id))
    .limit(query.limit)
    .offset(offset);

  return {
    events: rows.map(toEventResponse),
    ...buildPagination(query.page, query.limit, await countMatching(db, totals, filters, where)),
  };
}

export function toEventResponse<Row extends Omit<EventRow, 'content'>>(row: Row) {
  return {
    ...row,
    start_time: toMinutes(row.start_time),
    end_time: toMinutes(row.end_time),
    price: toNumberOrNull(row.price),
    max_participants: row.max_attendees,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function countMatching(db: Db, totals: CountCache, filters: object, where: SQL | undefined) {
  return totals.get(JSON.stringify(filters), async () => {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(events).where(where);
    return counted?.total ?? 0;
  });
}
