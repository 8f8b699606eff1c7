import {
  buildPagination,
  type EventListQuery,
  type EventStatus,
  type EventType,
  manilaDateString,
} from '@portal/shared';
import { asc, desc, eq, getTableColumns, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { ExpiringCache } from '../../lib/expiring-cache';
import { pageWindow, selectFilters } from '../../lib/list-queries';
import { prepared } from '../../lib/prepared-statements';
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

/** The filters of a list request; each is a placeholder of the list's prepared statements. */
type EventFilters = {
  status: EventStatus | undefined;
  event_type: EventType | undefined;
  is_registration_required: boolean | undefined;
  from_date: string | undefined;
  pattern: string | undefined;
};

const pattern = sql.placeholder('pattern');
const filterConditions: Record<keyof EventFilters, SQL> = {
  status: eq(events.status, sql.placeholder('status')),
  event_type: eq(events.event_type, sql.placeholder('event_type')),
  is_registration_required: eq(events.is_registration_required, sql.placeholder('is_registration_required')),
  from_date: gte(events.start_date, sql.placeholder('from_date')),
  pattern: or(
    ilike(events.title, pattern),
    ilike(events.description, pattern),
    ilike(events.organizer_name, pattern),
    ilike(events.location_name, pattern),
  ) as SQL,
};

/**
 * Lists events a page at a time, through one prepared statement per query shape
 * (lib/prepared-statements.ts). Guests and members only ever see published events, whatever
 * status they ask for (DECISIONS.md "Events"); admins see the status they ask for, or all.
 */
export async function listEvents(
  db: Db,
  totals: ExpiringCache<number>,
  query: EventListQuery,
  viewer: { isAdmin: boolean },
) {
  const filters = selectFilters(filterConditions, {
    status: viewer.isAdmin ? query.status : 'published',
    event_type: query.event_type,
    is_registration_required: query.is_registration_required,
    from_date: query.upcoming ? manilaDateString() : undefined,
    pattern: query.search ? likePattern(query.search) : undefined,
  });

  const offset = (query.page - 1) * query.limit;
  const skipsRows = offset > 0;
  const name = `events_page_${filters.shape}_${query.sort_by}_${query.sort_order}_${skipsRows ? 'skip' : 'first'}`;
  const page = prepared(db, name, (name) => {
    const direction = query.sort_order === 'asc' ? asc : desc;
    // The id breaks ties so that paging never repeats or skips a row.
    const order = [direction(sortColumns[query.sort_by]), direction(events.id)];
    const range = pageWindow(db, events, { where: filters.where(), order, skipsRows });
    return db
      .select(summaryColumns)
      .from(events)
      .where(range.where)
      .orderBy(...order)
      .limit(range.limit)
      .offset(range.offset)
      .prepare(name);
  });
  const rows = await page.execute({ ...filters.values, limit: query.limit, offset });

  const total = await totals.get(JSON.stringify(filters.values), async () => {
    const count = prepared(db, `events_count_${filters.shape}`, (name) =>
      db.select({ total: sql<number>`count(*)::int` }).from(events).where(filters.where()).prepare(name),
    );
    const [counted] = await count.execute(filters.values);
    return counted?.total ?? 0;
  });

  return { events: rows.map(toEventResponse), ...buildPagination(query.page, query.limit, total) };
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
