import {
  EVENT_PRICE_MESSAGES,
  type EventPriceAudience,
  type EventPriceTier,
  type EventPriceTierInput,
  type MyRegistrationDetail,
  manilaDateString,
  maskPrcNumber,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { duesStatements, type EventPriceTierRow, eventPriceTiers, eventRegistrations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { qualifiedColumn } from '../../lib/sql';
import { paidOf } from '../dues';
import { userInGoodStanding } from '../membership-standing';

/**
 * Price tiers (docs/product-rules.md "Event prices", docs/decisions/046): who may choose which is
 * decided here, for the event page's picker and again when the member registers.
 */

type TierWrite = { id?: string; name: string; audience: EventPriceAudience; amount: number };

export async function tiersOf(db: Db | DbTransaction, eventId: string): Promise<EventPriceTierRow[]> {
  return db
    .select()
    .from(eventPriceTiers)
    .where(eq(eventPriceTiers.event_id, eventId))
    .orderBy(asc(eventPriceTiers.position), asc(eventPriceTiers.id));
}

/** The tiers of a page of events, for the admin list's form. */
export async function tiersOfEvents(db: Db | DbTransaction, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(eventPriceTiers)
    .where(inArray(eventPriceTiers.event_id, eventIds))
    .orderBy(asc(eventPriceTiers.position), asc(eventPriceTiers.id));
}

export const toAdminTier = (tier: EventPriceTierRow) => ({
  id: tier.id,
  name: tier.name,
  audience: tier.audience,
  amount: tier.amount_centavos,
  position: tier.position,
});

/**
 * Saves an event's tiers in the order sent, in the caller's transaction: a tier sent with its id
 * is changed in place (registrations keep pointing at it), the others are added, and those not
 * sent are removed (a registration at a removed tier keeps its statement, which names the tier).
 * `null` leaves an existing event's tiers as they are and gives a new one none: a new event is free
 * until the admin says it has fees (docs/product-rules.md "Event prices").
 */
export async function saveTiers(
  tx: DbTransaction,
  eventId: string,
  tiers: readonly (EventPriceTierInput | TierWrite)[] | null | undefined,
  { isNew }: { isNew: boolean },
) {
  if (tiers == null) return;
  const wanted: TierWrite[] = tiers.map((tier) => ({
    ...(tier as TierWrite),
  }));
  const current = isNew ? [] : await tiersOf(tx, eventId);
  const currentIds = new Set(current.map((tier) => tier.id));
  const kept = wanted.flatMap((tier) => (tier.id && currentIds.has(tier.id) ? [tier.id] : []));
  await tx
    .delete(eventPriceTiers)
    .where(
      kept.length > 0
        ? and(eq(eventPriceTiers.event_id, eventId), notInArray(eventPriceTiers.id, kept))
        : eq(eventPriceTiers.event_id, eventId),
    );
  for (const [position, tier] of wanted.entries()) {
    const values = { name: tier.name, audience: tier.audience, amount_centavos: tier.amount, position };
    if (tier.id && currentIds.has(tier.id)) {
      await tx.update(eventPriceTiers).set(values).where(eq(eventPriceTiers.id, tier.id));
    } else {
      await tx.insert(eventPriceTiers).values({ event_id: eventId, ...values });
    }
  }
}

/** Why a tier is closed to a viewer (null: open). The professional tier's licence is checked on registering. */
export function tierClosedReason(
  audience: EventPriceAudience,
  viewer: { signedIn: boolean; goodStanding: boolean },
): string | null {
  if (!viewer.signedIn) return EVENT_PRICE_MESSAGES.signInRequired;
  if (audience === 'member' && !viewer.goodStanding) return EVENT_PRICE_MESSAGES.memberTierClosed;
  return null;
}

/** The tiers as the event page shows them to a viewer. */
export async function tiersForViewer(
  db: Db,
  eventId: string,
  userId: string | null,
  now = new Date(),
): Promise<EventPriceTier[]> {
  const [tiers, goodStanding] = await Promise.all([
    tiersOf(db, eventId),
    userId ? userInGoodStanding(db, userId, now) : Promise.resolve(false),
  ]);
  return tiers.map((tier) => {
    const closedReason = tierClosedReason(tier.audience, { signedIn: userId !== null, goodStanding });
    return {
      id: tier.id,
      name: tier.name,
      audience: tier.audience,
      amount: tier.amount_centavos,
      position: tier.position,
      open: closedReason === null,
      closed_reason: closedReason,
    };
  });
}

const refusedTier = (message: string, code: string) => new AppError(403, message, { code });
const fieldError = (field: string, message: string) =>
  new AppError(400, message, { code: 'validation_error', field });

/**
 * The tier a member registers at, after the checks of docs/product-rules.md "Event prices": 400
 * when the event has tiers and none (or an unknown one) is chosen, or the PRC licence is missing
 * or ends before the event; 403 with the reason when the tier is not open to them.
 */
export async function chooseTier(
  tx: DbTransaction,
  event: { id: string; start_date: string },
  userId: string,
  request: { tier_id?: string; prc_number?: string | null; prc_expires_on?: string | null },
  now: Date,
): Promise<{ tier: EventPriceTierRow | null; prc: { number: string; expiresOn: string } | null }> {
  const tiers = await tiersOf(tx, event.id);
  if (tiers.length === 0) return { tier: null, prc: null };
  if (!request.tier_id) throw fieldError('tier_id', EVENT_PRICE_MESSAGES.tierRequired);
  const tier = tiers.find((candidate) => candidate.id === request.tier_id);
  if (!tier) throw fieldError('tier_id', EVENT_PRICE_MESSAGES.tierNotFound);
  if (tier.audience === 'member' && !(await userInGoodStanding(tx, userId, now))) {
    throw refusedTier(EVENT_PRICE_MESSAGES.memberTierClosed, 'tier_not_open');
  }
  if (tier.audience !== 'professional') return { tier, prc: null };
  if (!request.prc_number) throw fieldError('prc_number', EVENT_PRICE_MESSAGES.prcNumberRequired);
  if (!request.prc_expires_on) throw fieldError('prc_expires_on', EVENT_PRICE_MESSAGES.prcExpiryRequired);
  if (request.prc_expires_on < event.start_date) {
    throw fieldError('prc_expires_on', EVENT_PRICE_MESSAGES.prcExpired);
  }
  return { tier, prc: { number: request.prc_number, expiresOn: request.prc_expires_on } };
}

/**
 * When an unpaid seat is released (docs/product-rules.md "Event prices", decision 074): `hold_hours`
 * after registering, never sooner, so that a hold is never already over when it is made. On the
 * event's day (its first Manila day or later) there is no hold to release: null, and the member is
 * told to pay at the door.
 */
export function holdEndOf(
  event: { start_date: string; hold_hours: number },
  registeredAt: Date,
): Date | null {
  if (manilaDateString(registeredAt) >= event.start_date) return null;
  return new Date(registeredAt.getTime() + event.hold_hours * 3_600_000);
}

/** The member's own registration with its tier, hold and statement (the event page's status). */
export async function readMyRegistration(
  db: Db | DbTransaction,
  eventId: string,
  userId: string,
): Promise<MyRegistrationDetail | null> {
  const [row] = await db
    .select({
      registration: eventRegistrations,
      tierName: eventPriceTiers.name,
      tierAmount: eventPriceTiers.amount_centavos,
    })
    .from(eventRegistrations)
    .leftJoin(eventPriceTiers, eq(eventPriceTiers.id, eventRegistrations.price_tier_id))
    .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)));
  if (!row) return null;
  const [statement] = await db
    .select({
      id: duesStatements.id,
      number: duesStatements.number,
      status: duesStatements.status,
      amount: duesStatements.amountCentavos,
      paid: paidOf(qualifiedColumn(duesStatements.id)),
    })
    .from(duesStatements)
    .where(eq(duesStatements.eventRegistrationId, row.registration.id))
    .orderBy(desc(duesStatements.createdAt))
    .limit(1);
  return {
    status: row.registration.status,
    tier_id: row.registration.price_tier_id,
    tier_name: row.tierName,
    amount: statement?.amount ?? row.tierAmount ?? 0,
    hold_expires_at: row.registration.hold_expires_at?.toISOString() ?? null,
    statement_id: statement?.id ?? null,
    statement_number: statement?.number ?? null,
    statement_status: statement?.status ?? null,
    balance: statement && statement.status !== 'void' ? Math.max(statement.amount - statement.paid, 0) : 0,
  };
}

/** The paid registrations of an event with their tier, hold and statement, by registration id (admins). */
export async function registrationPayments(db: Db | DbTransaction, eventId: string) {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      tierName: eventPriceTiers.name,
      holdExpiresAt: eventRegistrations.hold_expires_at,
      prcNumber: eventRegistrations.prc_number,
      prcExpiresOn: eventRegistrations.prc_expires_on,
      number: duesStatements.number,
      status: duesStatements.status,
      amount: duesStatements.amountCentavos,
      paid: paidOf(qualifiedColumn(duesStatements.id)),
    })
    .from(eventRegistrations)
    .leftJoin(eventPriceTiers, eq(eventPriceTiers.id, eventRegistrations.price_tier_id))
    .leftJoin(duesStatements, eq(duesStatements.eventRegistrationId, eventRegistrations.id))
    .where(and(eq(eventRegistrations.event_id, eventId), isNotNull(eventRegistrations.price_tier_id)))
    .orderBy(asc(duesStatements.createdAt));
  // The newest statement of each registration wins (one released and registered again has two).
  return new Map(
    rows.map((row) => [
      row.id,
      {
        tier_name: row.tierName,
        hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
        statement_number: row.number,
        statement_status: row.status,
        balance: row.status && row.status !== 'void' ? Math.max((row.amount ?? 0) - row.paid, 0) : 0,
        // A list of registrants: the licence number masked (decision 066); the person reads it
        // in full on their own registration.
        prc_number: row.prcNumber === null ? null : maskPrcNumber(row.prcNumber),
        prc_expires_on: row.prcExpiresOn,
      },
    ]),
  );
}
