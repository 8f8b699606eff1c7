import {
  type AdminEventListQuery,
  buildPagination,
  EVENT_FIELD_MESSAGES,
  EVENT_MESSAGES,
  type EventCreate,
  type EventDetail,
  type EventListQuery,
  type EventPriceAudience,
  type EventUpdate,
  manilaDateString,
  priceRangeOfTiers,
} from '@portal/shared';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { eventRegistrations, eventSpeakers, events, speakers, users } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import type { ImageOwner, ImageUploads } from '../../lib/images';
import { sanitizeRichText } from '../../lib/rich-text';
import { likePattern, toMinutes, toNumberOrNull } from '../../lib/sql';
import { mailCalendarChange } from './calendar-changes';
import {
  readMyRegistration,
  registrationPayments,
  saveTiers,
  tiersForViewer,
  tiersOfEvents,
  toAdminTier,
} from './prices';
import type { RegistrationSecrets } from './registrations';
import { heldSeats, myWaitlistPlace, offerFreedSeats, waitlistCounts } from './waitlist';

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

/** The day an event ends: its end date, or its start date for a one-day event. */
const lastDay = sql`coalesce(${events.end_date}, ${events.start_date})`;
/** Not ended yet: the last day is today or later, in Manila (docs/product-rules.md "Events"). */
export const notEnded = () => sql`${lastDay} >= ${manilaDateString()}`;
const ended = () => sql`${lastDay} < ${manilaDateString()}`;

/**
 * Soonest first (`asc`) or newest first (`desc`) by start date, then start time; an event without
 * a time lasts the whole day, so it comes first on its day going forwards and last going back.
 */
export const byWhenItHappens = (direction: 'asc' | 'desc') =>
  direction === 'asc'
    ? [asc(events.start_date), sql`${events.start_time} asc nulls first`]
    : [desc(events.start_date), sql`${events.start_time} desc nulls last`];

/**
 * Lists events a page at a time. Guests and members only ever see published events, whatever
 * status they ask for (docs/product-rules.md "Events"); admins see the status they ask for, or all.
 */
export async function listEvents(db: Db, query: EventListQuery, viewer: { manages: boolean }) {
  const status = viewer.manages ? query.status : 'published';
  const conditions: (SQL | undefined)[] = [
    status && eq(events.status, status),
    query.event_type && eq(events.event_type, query.event_type),
    query.is_registration_required !== undefined
      ? eq(events.is_registration_required, query.is_registration_required)
      : undefined,
    query.upcoming ? gte(events.start_date, manilaDateString()) : undefined,
    query.when && (query.when === 'upcoming' ? notEnded() : ended()),
  ];
  if (query.search) {
    // Title, description, organiser or location contains the text, case-insensitively: search_text
    // holds them all lowercased, so a lowercased pattern and plain LIKE give one condition the
    // planner prices right, on one trigram index (an OR of ILIKEs was planned as a sequential scan).
    conditions.push(like(events.searchText, likePattern(query.search.toLowerCase())));
  }
  const where = and(...conditions);
  const sortOrder = query.when ? (query.when === 'upcoming' ? 'asc' : 'desc') : query.sort_order;
  const direction = sortOrder === 'asc' ? asc : desc;
  const order = query.when ? byWhenItHappens(sortOrder) : [direction(sortColumns[query.sort_by])];

  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(events)
      .where(where)
      // The id breaks ties so that paging never repeats or skips a row.
      .orderBy(...order, direction(events.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);

  // The page's tiers in one query after the page's, as the admin list reads them.
  const tiers = await tiersOfEvents(
    db,
    rows.map((row) => row.id),
  );
  return {
    events: rows.map((row) => ({ ...toEventResponse(row), price_range: priceRangeOfEvent(tiers, row.id) })),
    ...buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/** The lowest and highest tier amounts of one event among `tiers` (docs/product-rules.md "Event prices"). */
const priceRangeOfEvent = (
  tiers: { event_id: string; amount_centavos: number; audience: EventPriceAudience }[],
  eventId: string,
) =>
  priceRangeOfTiers(
    tiers
      .filter((tier) => tier.event_id === eventId)
      .map((tier) => ({ audience: tier.audience, amount: tier.amount_centavos })),
  );

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

// ---------------------------------------------------------------------------------------------
// Detail and admin.

export type EventsContext = { db: Db; images: ImageUploads; publicUrl: string; secrets: RegistrationSecrets };
export type EventViewer = { userId: string | null; manages: boolean };

/** An event's banner: its one image (lib/images.ts), whose public path is also `banner_image_url`. */
const bannerOf = (id: string): ImageOwner => ({ type: 'event', id });

const { searchText: _search, ...detailColumns } = getTableColumns(events);

/**
 * Guests and members see published events, and cancelled ones by their address (their page stays
 * reachable with its red badge; docs/product-rules.md "Events"); drafts only admins.
 */
const visibleTo = (status: string, viewer: EventViewer) => viewer.manages || status !== 'draft';

/** Pending and approved registrations of an event, by status. */
export async function registrationCounts(db: Db | DbTransaction, eventId: string) {
  const rows = await db
    .select({ status: eventRegistrations.status, count: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.event_id, eventId))
    .groupBy(eventRegistrations.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { pending: of('pending'), approved: of('approved'), rejected: of('rejected') };
}

export async function speakersOfEvent(db: Db, eventId: string) {
  const rows = await db
    .select({
      id: speakers.id,
      name: speakers.name,
      title: speakers.title,
      company: speakers.company,
      image_url: speakers.image_url,
    })
    .from(eventSpeakers)
    .innerJoin(speakers, eq(speakers.id, eventSpeakers.speaker_id))
    .where(eq(eventSpeakers.event_id, eventId))
    .orderBy(asc(eventSpeakers.created_at), asc(speakers.name), asc(speakers.id));
  return rows.map((row) => ({ ...row, speaker_id: row.id }));
}

/** spec 001 §3 "User event", with the member's username and, for a paid tier, its fee. */
async function registrationsOf(db: Db, eventId: string) {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      userId: eventRegistrations.user_id,
      eventId: eventRegistrations.event_id,
      status: eventRegistrations.status,
      created_at: eventRegistrations.created_at,
      username: users.username,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.user_id))
    .where(eq(eventRegistrations.event_id, eventId))
    .orderBy(asc(eventRegistrations.created_at), asc(eventRegistrations.id));
  const payments = await registrationPayments(db, eventId);
  return rows.map(({ username, ...row }) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    profiles: { id: row.userId, username },
    ...(payments.has(row.id) ? { payment: payments.get(row.id) } : {}),
  }));
}

/** GET /api/events/retrieve-events/{id}: 404 'Event not found' when the viewer may not see it. */
export async function getEvent(db: Db, id: string, viewer: EventViewer): Promise<EventDetail> {
  const [row] = await db.select(detailColumns).from(events).where(eq(events.id, id));
  if (!row || !visibleTo(row.status, viewer)) throw notFound(EVENT_MESSAGES.notFound);
  const [eventSpeakerList, counts, waitlist, myWaitlist, userEvents, mine, tiers] = await Promise.all([
    speakersOfEvent(db, id),
    registrationCounts(db, id),
    waitlistCounts(db, id),
    viewer.userId ? myWaitlistPlace(db, id, viewer.userId) : Promise.resolve(null),
    viewer.manages ? registrationsOf(db, id) : Promise.resolve([]),
    viewer.userId ? readMyRegistration(db, id, viewer.userId) : Promise.resolve(null),
    tiersForViewer(db, id, viewer.userId),
  ]);
  return {
    ...toEventResponse(row),
    content: row.content,
    speakers: eventSpeakerList,
    user_events: userEvents,
    pending_count: counts.pending,
    seats_taken: heldSeats(counts, waitlist),
    my_registration: mine?.status ?? null,
    waitlist_count: waitlist.waiting,
    my_waitlist: myWaitlist,
    price_tiers: tiers,
    my_registration_detail: mine,
  };
}

const adminSortColumns = {
  created_at: events.created_at,
  title: events.title,
  event_type: events.event_type,
  status: events.status,
} as const;

const hasPending = sql`exists (select 1 from ${eventRegistrations} where ${eventRegistrations.event_id} = ${events.id} and ${eventRegistrations.status} = 'pending')`;

/**
 * The admin list's search: title, organizer and location only (spec 001 §9), not the description
 * the public search also reads. A plain ILIKE each: the admin list is small and has no speed target.
 */
const adminSearch = (search: string) => {
  const pattern = likePattern(search);
  return or(
    ilike(events.title, pattern),
    ilike(events.organizer_name, pattern),
    ilike(events.location_name, pattern),
  );
};

/** GET /api/events/admin/get-all: every status, searched over title, organizer and location. */
export async function listAdminEvents(db: Db, query: AdminEventListQuery) {
  const conditions: (SQL | undefined)[] = [
    query.status && eq(events.status, query.status),
    query.event_type && eq(events.event_type, query.event_type),
    query.id ? eq(events.id, query.id) : undefined,
    // Not started yet, as the dashboard counts it (start date today or later, in Manila).
    query.upcoming ? gte(events.start_date, manilaDateString()) : undefined,
    query.has_pending === true
      ? hasPending
      : query.has_pending === false
        ? sql`not ${hasPending}`
        : undefined,
    query.search ? adminSearch(query.search) : undefined,
  ];
  const where = and(...conditions);
  const direction = query.sort_order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(events)
      .where(where)
      .orderBy(direction(adminSortColumns[query.sort_by]), direction(events.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  // The page's registration counts in one query after the page's (a subquery per row would also
  // run for every row an OFFSET skips).
  const ids = rows.map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({
            eventId: eventRegistrations.event_id,
            status: eventRegistrations.status,
            count: sql<number>`count(*)::int`,
          })
          .from(eventRegistrations)
          .where(inArray(eventRegistrations.event_id, ids))
          .groupBy(eventRegistrations.event_id, eventRegistrations.status);
  const countOf = (eventId: string, status: string) =>
    counts.find((row) => row.eventId === eventId && row.status === status)?.count ?? 0;
  const tiers = await tiersOfEvents(db, ids);
  return {
    events: rows.map((row) => ({
      ...toEventResponse(row),
      price_tiers: tiers.filter((tier) => tier.event_id === row.id).map(toAdminTier),
      price_range: priceRangeOfEvent(tiers, row.id),
      pending_count: countOf(row.id, 'pending'),
      registration_count: countOf(row.id, 'pending') + countOf(row.id, 'approved'),
      total_registrations:
        countOf(row.id, 'pending') + countOf(row.id, 'approved') + countOf(row.id, 'rejected'),
    })),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/**
 * Rich text is stored only as sanitised (docs/architecture.md "Rich text"); nothing left is null.
 */
function cleanContent(content: string | null | undefined) {
  if (content === undefined) return undefined;
  if (content === null) return null;
  const clean = sanitizeRichText(content).trim();
  return clean === '' ? null : clean;
}

const ADMIN_VIEWER = { userId: null, manages: true };

/**
 * Creates an event, and the new speakers sent with it, in one transaction: a refusal of any part
 * writes nothing (docs/decisions/045). Speakers are linked in the order given.
 */
export async function createEvent(
  { db, images }: EventsContext,
  { speakers: newSpeakers = [], price_tiers, hold_hours, ...input }: EventCreate,
  banner: Buffer | undefined,
  createdBy: string,
): Promise<EventDetail> {
  const content = cleanContent(input.content);
  const id = await images.withStoredImages(banner ? [banner] : [], (stored) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(events)
        .values({
          ...input,
          ...(hold_hours ? { hold_hours } : {}),
          content,
          banner_image_url: stored[0]?.file.publicPath ?? null,
          created_by: createdBy,
        })
        .returning({ id: events.id });
      if (!created) throw new Error('The event was not inserted');
      await saveTiers(tx, created.id, price_tiers, { isNew: true });
      await images.record(tx, bannerOf(created.id), stored);
      if (newSpeakers.length > 0) {
        const added = await tx.insert(speakers).values(newSpeakers).returning({ id: speakers.id });
        // Ascending timestamps keep the order given (the detail lists speakers by created_at).
        const start = Date.now();
        await tx.insert(eventSpeakers).values(
          added.map((speaker, index) => ({
            event_id: created.id,
            speaker_id: speaker.id,
            created_at: new Date(start + index),
          })),
        );
      }
      return created.id;
    }),
  );
  return getEvent(db, id, ADMIN_VIEWER);
}

/**
 * Changes the fields sent. A new banner replaces the current one, `remove_banner` removes it (a
 * new banner sent with it wins); the replaced files are removed once the change has committed.
 */
export async function updateEvent(
  { db, images, publicUrl, secrets }: EventsContext,
  id: string,
  { remove_banner, price_tiers, hold_hours, ...input }: EventUpdate,
  banner: Buffer | undefined,
): Promise<EventDetail> {
  const content = cleanContent(input.content);
  const releasedFiles = await images.withStoredImages(banner ? [banner] : [], (stored) =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!current) throw notFound(EVENT_MESSAGES.notFound);
      // Only one of the two dates may have been sent: the rule holds for the event as saved.
      const start = input.start_date ?? current.start_date;
      const end = input.end_date === undefined ? current.end_date : input.end_date;
      if (end && end < start) {
        throw validationError([{ field: 'end_date', message: EVENT_FIELD_MESSAGES.endBeforeStart }]);
      }
      let released: string[] = [];
      const changes: Partial<typeof events.$inferInsert> = {
        ...input,
        ...(hold_hours ? { hold_hours } : {}),
        content,
        updated_at: new Date(),
      };
      await saveTiers(tx, id, price_tiers, { isNew: false });
      if (stored.length > 0 || remove_banner) {
        released = await images.release(tx, bannerOf(id));
        await images.record(tx, bannerOf(id), stored);
        changes.banner_image_url = stored[0]?.file.publicPath ?? null;
      }
      const [saved] = await tx.update(events).set(changes).where(eq(events.id, id)).returning();
      // Registrants get the moved or cancelled event's calendar file (docs/product-rules.md
      // "What other software reads").
      if (saved) await mailCalendarChange(tx, { db, publicUrl, secrets }, current, saved);
      // A raised capacity (or a published event's seats) goes to the waitlist first.
      await offerFreedSeats(tx, { db, publicUrl, secrets }, id, new Date());
      return released;
    }),
  );
  await images.removeFiles(releasedFiles);
  return getEvent(db, id, ADMIN_VIEWER);
}

/** Deletes an event with its banner files, speaker links and registrations (cascade). */
export async function deleteEvent({ db, images }: EventsContext, id: string) {
  const { removedFiles, registrations } = await db.transaction(async (tx) => {
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.event_id, id));
    const [deleted] = await tx.delete(events).where(eq(events.id, id)).returning({ id: events.id });
    if (!deleted) throw notFound(EVENT_MESSAGES.notFound);
    return { removedFiles: await images.release(tx, bannerOf(id)), registrations: counted?.count ?? 0 };
  });
  await images.removeFiles(removedFiles);
  return { id, registrations_deleted: registrations };
}
