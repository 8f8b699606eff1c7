import { buildPagination, type EventListQuery, manilaDateString } from '@portal/shared';
import { and, asc, desc, eq, getTableColumns, gte, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { likePattern, toMinutes, toNumberOrNull } from '../../lib/sql';

type EventRow = typeof events.$inferSelect;

/**
 * Lists leave out the rich-text body (the largest column), which only the detail page shows, and
 * the search column (internal, generated from the other fields).
 */
const { content: _content, searchText: _searchText, ...summaryColumns } = getTableColumns(events);

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
export async function listEvents(db: Db, query: EventListQuery, viewer: { isAdmin: boolean }) {
  const status = viewer.isAdmin ? query.status : 'published';
  const conditions: (SQL | undefined)[] = [
    status && eq(events.status, status),
    query.event_type && eq(events.event_type, query.event_type),
    query.is_registration_required !== undefined
      ? eq(events.is_registration_required, query.is_registration_required)
      : undefined,
    query.upcoming ? gte(events.start_date, manilaDateString()) : undefined,
  ];
  if (query.search) {
    // Title, description, organiser or location contains the text, case-insensitively: search_text
    // holds them all lowercased, so a lowercased pattern and plain LIKE give one condition the
    // planner prices right, on one trigram index (an OR of ILIKEs was planned as a sequential scan).
    conditions.push(like(events.searchText, likePattern(query.search.toLowerCase())));
  }
  const where = and(...conditions);
  const direction = query.sort_order === 'asc' ? asc : desc;

  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(events)
      .where(where)
      // The id breaks ties so that paging never repeats or skips a row.
      .orderBy(direction(sortColumns[query.sort_by]), direction(events.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);

  return {
    events: rows.map(toEventResponse),
    ...buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

export function toEventResponse<Row extends Omit<EventRow, 'content' | 'searchText'>>(row: Row) {
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
