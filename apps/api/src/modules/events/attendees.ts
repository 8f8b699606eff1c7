import {
  type AttendeeExportQuery,
  type AttendeeFilter,
  type AttendeeListQuery,
  buildPagination,
  EVENT_MESSAGES,
  formatSortableDateTime,
  formatTwoDecimals,
  REGISTRATION_PAYMENT_LABELS,
  registrationPaymentState,
} from '@portal/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  duesStatements,
  eventPriceTiers,
  eventRegistrations,
  events,
  representatives,
  users,
} from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import { displayNameSql } from '../../lib/display-name';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/sql';

/**
 * An event's registrants as the admin's attendee list, its CSV export and its messages read them
 * (docs/decisions/048). The name is a company account's voting representative (the person the
 * company sends), otherwise the name the account goes by (decision 049: a person's full name, the
 * username while that is blank); the company is a company account's registered name.
 */
export const attendeeName = sql<string>`coalesce(${representatives.firstName} || ' ' || ${representatives.lastName}, ${displayNameSql})`;
export const attendeeCompany = sql<
  string | null
>`case when ${users.type} = 'company' then ${users.registeredName} end`;

/**
 * A paid registration's newest fee statement (one released and registered again has two), one
 * row per registration.
 */
export const newestFee = (db: Db | DbTransaction) =>
  db
    .selectDistinctOn([duesStatements.eventRegistrationId], {
      registration_id: sql<string>`${duesStatements.eventRegistrationId}`.as('fee_registration_id'),
      status: sql<string>`${duesStatements.status}`.as('fee_status'),
      amount: sql<number>`${duesStatements.amountCentavos}`.as('fee_amount'),
    })
    .from(duesStatements)
    .where(isNotNull(duesStatements.eventRegistrationId))
    .orderBy(duesStatements.eventRegistrationId, desc(duesStatements.createdAt))
    .as('newest_fee');

/** How many sessions a registration was checked into, and which, as the CSV writes them. */
const checkInCount = sql<number>`(select count(*)::int from event_check_ins c where c.registration_id = ${eventRegistrations.id})`;
const checkInSessions = sql<
  string | null
>`(select string_agg(c.day || ' ' || c.session, ', ' order by c.checked_in_at) from event_check_ins c where c.registration_id = ${eventRegistrations.id})`;

/** The account of a registration and, for a company, its one voting representative. */
export const votingRepresentative = and(
  eq(representatives.userId, users.id),
  eq(representatives.type, 'voting'),
);

/**
 * The columns of an attendee, read by the list, the export and the messages alike, with a paid
 * registration's tier, its fee (the statement's amount, else the tier's) and its statement's
 * status, from which `withPayment` reads the payment state.
 */
const selectAttendees = (db: Db | DbTransaction) => {
  const fee = newestFee(db);
  return db
    .select({
      registration_id: eventRegistrations.id,
      user_id: eventRegistrations.user_id,
      name: attendeeName,
      company: attendeeCompany,
      email: users.email,
      status: eventRegistrations.status,
      registered_at: eventRegistrations.created_at,
      tier_name: eventPriceTiers.name,
      amount: sql<number | null>`coalesce(${fee.amount}, ${eventPriceTiers.amount_centavos})`,
      hold_expires_at: eventRegistrations.hold_expires_at,
      statement_status: fee.status,
      checked_in: checkInCount,
      sessions: checkInSessions,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.user_id))
    .leftJoin(representatives, votingRepresentative)
    .leftJoin(eventPriceTiers, eq(eventPriceTiers.id, eventRegistrations.price_tier_id))
    .leftJoin(fee, eq(fee.registration_id, eventRegistrations.id));
};

type AttendeeRow = Awaited<ReturnType<ReturnType<typeof selectAttendees>['execute']>>[number];

/**
 * A row with its payment state, the event page's for the member (`registrationPaymentState`);
 * null for a registration without a fee (an event without prices). The hold shows only while
 * the fee is awaited.
 */
function withPayment({ statement_status, hold_expires_at, ...row }: AttendeeRow) {
  if (row.amount === null) return { ...row, payment: null, hold_expires_at: null };
  const payment = registrationPaymentState({ status: row.status, amount: row.amount, statement_status });
  return { ...row, payment, hold_expires_at: payment === 'awaiting' ? hold_expires_at : null };
}

/** The same rows counted: the joins the filters read, none of the columns. */
const countAttendees = (db: Db | DbTransaction) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.user_id))
    .leftJoin(representatives, votingRepresentative);

/**
 * The registrations of `eventId` the filters select: a status, and a text the name, the company
 * or the e-mail contains (a plain ILIKE each: one event's registrants are a few hundred at most).
 */
export function attendeeFilters(eventId: string, filter: AttendeeFilter): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  return and(
    eq(eventRegistrations.event_id, eventId),
    filter.status ? eq(eventRegistrations.status, filter.status) : undefined,
    filter.checked_in === 'yes' ? sql`${checkInCount} > 0` : undefined,
    filter.checked_in === 'no' ? sql`${checkInCount} = 0` : undefined,
    pattern
      ? or(
          ilike(attendeeName, pattern),
          ilike(users.username, pattern),
          ilike(users.registeredName, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
}

const sortColumns = {
  registered_at: eventRegistrations.created_at,
  // Usernames are often lower case and people's names capitalised: 'mlsantos' among the M's.
  name: sql`lower(${attendeeName})`,
  status: eventRegistrations.status,
} as const;

function attendeeOrder(query: Pick<AttendeeListQuery, 'sort_by' | 'sort_order'>) {
  const direction = query.sort_order === 'asc' ? asc : desc;
  // The id breaks ties so that paging never repeats or skips a row.
  return [direction(sortColumns[query.sort_by]), direction(eventRegistrations.id)];
}

/** The event the attendees are of; 404 for an unknown id (drafts included: admins only). */
export async function eventOf(db: Db | DbTransaction, eventId: string) {
  const [event] = await db
    .select({ id: events.id, title: events.title, start_date: events.start_date })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/** Every registrant the filters select, in the list's order: the recipients of a message. */
export async function readAttendees(tx: Db | DbTransaction, eventId: string, filter: AttendeeFilter) {
  const rows = await selectAttendees(tx)
    .where(attendeeFilters(eventId, filter))
    .orderBy(...attendeeOrder({ sort_by: 'registered_at', sort_order: 'asc' }));
  return rows.map(withPayment);
}

const toAttendee = (row: AttendeeRow) => {
  const { sessions: _sessions, ...attendee } = withPayment(row);
  return {
    ...attendee,
    registered_at: attendee.registered_at.toISOString(),
    hold_expires_at: attendee.hold_expires_at?.toISOString() ?? null,
  };
};

/** GET /api/events/admin/{id}/attendees: a page of the filtered registrants. */
export async function listAttendees(db: Db, eventId: string, query: AttendeeListQuery) {
  await eventOf(db, eventId);
  const where = attendeeFilters(eventId, query);
  const [rows, [counted]] = await Promise.all([
    selectAttendees(db)
      .where(where)
      .orderBy(...attendeeOrder(query))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countAttendees(db).where(where),
  ]);
  return {
    attendees: rows.map(toAttendee),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

const CSV_COLUMNS = [
  'name',
  'company',
  'email',
  'status',
  'registered_at',
  'tier',
  'amount',
  'payment',
  'checked_in',
] as const;

/**
 * The file's name: the event's title as a slug and its date, e.g.
 * attendees-mindanao-exploration-forum-2030-01-15.csv. Letters with accents lose them (ñ → n).
 */
function exportFileName(event: { title: string; start_date: string }) {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `attendees-${slug || 'event'}-${event.start_date}.csv`;
}

/**
 * GET /api/events/admin/{id}/attendees.csv: every registrant the list's filters select, in its
 * order, one line each; cells that a spreadsheet would run as a formula are neutralised as in
 * every export (lib/csv.ts).
 */
export async function exportAttendeesCsv(db: Db, eventId: string, query: AttendeeExportQuery) {
  const event = await eventOf(db, eventId);
  const rows = await selectAttendees(db)
    .where(attendeeFilters(eventId, query))
    .orderBy(...attendeeOrder(query));
  const records = rows.map(withPayment).map((row) => ({
    ...row,
    checked_in: row.sessions ?? '',
    // As a spreadsheet reads and sorts a time, in Manila: 2026-11-27 17:30.
    registered_at: formatSortableDateTime(row.registered_at),
    tier: row.tier_name,
    amount: row.amount === null ? null : formatTwoDecimals(row.amount),
    payment: row.payment && REGISTRATION_PAYMENT_LABELS[row.payment],
  }));
  return {
    fileName: exportFileName(event),
    csv: stringify(records, { header: true, columns: [...CSV_COLUMNS], ...CSV_CELL_OPTIONS }),
  };
}
