import { buildPagination, type EventListQuery, manilaDateString } from '@portal/shared';
import { and, asc, desc, eq, getTableColumns, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
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
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(events.title, pattern),
        ilike(events.description, pattern),
        ilike(events.organizer_name, pattern),
        ilike(events.location_name, pattern),
      ),
    );
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
