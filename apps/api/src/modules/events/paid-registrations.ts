import {
  EVENT_MESSAGES,
  EVENT_PRICE_MESSAGES,
  type MyRegistrationDetail,
  manilaDateString,
  type RegistrationSettle,
} from '@portal/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { duesPayments, eventRegistrations } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { registrationApprovedEmail, registrationReleasedEmail } from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { lockEventFeeStatement, paidSoFar, recordPayment, voidLockedStatement } from '../dues';
import { readMyRegistration } from './prices';
import { lockEvent, mailMember, type RegistrationContext } from './registrations';
import { offerFreedSeats } from './waitlist';

/**
 * Paid registrations' holds and the secretariat's settling of them (docs/product-rules.md "Event
 * prices", docs/decisions/046). Lock order, everywhere: the event's row, then the statement, then
 * the registration; a payment (which approves) takes the statement, then the registration.
 */

const conflict = (message: string, code: string) => new AppError(409, message, { code });

/**
 * Releases every unpaid hold past its expiry at `now`: the registration becomes `expired` (the row
 * is kept), its statement is voided with the reason, and the member is e-mailed, one event at a
 * time under its row lock. A hold whose statement is partly paid, or has a proof waiting for the
 * secretariat, is left for the secretariat to settle. Returns the events that got seats back, for
 * the waitlist to offer them.
 */
export async function releaseExpiredHolds(context: RegistrationContext, now = new Date()) {
  const expiredBy = and(
    eq(eventRegistrations.status, 'pending'),
    lte(eventRegistrations.hold_expires_at, now),
  );
  const candidates = await context.db
    .selectDistinct({ eventId: eventRegistrations.event_id })
    .from(eventRegistrations)
    .where(expiredBy);
  const freed: { eventId: string; released: number }[] = [];
  for (const { eventId } of candidates) {
    const released = await context.db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId, { allowDraft: true });
      const holds = await tx
        .select({ id: eventRegistrations.id, userId: eventRegistrations.user_id })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.event_id, eventId), expiredBy));
      let count = 0;
      for (const hold of holds) {
        if (!(await releaseHold(tx, hold.id))) continue;
        await mailMember(tx, context, hold.userId, event, registrationReleasedEmail);
        count += 1;
      }
      // The seats freed go to the waitlist under the same lock, so no one registering now takes them first.
      if (count > 0) await offerFreedSeats(tx, context, eventId, now);
      return count;
    });
    if (released > 0) freed.push({ eventId, released });
  }
  return { released: freed.reduce((sum, event) => sum + event.released, 0), events: freed };
}

/** One hold released, if its statement is still wholly unpaid with no proof waiting. */
async function releaseHold(tx: DbTransaction, registrationId: string) {
  const statement = await lockEventFeeStatement(tx, registrationId);
  if (statement) {
    if (statement.status !== 'issued') return false;
    const [waiting] = await tx
      .select({ id: duesPayments.id })
      .from(duesPayments)
      .where(and(eq(duesPayments.statementId, statement.id), eq(duesPayments.status, 'submitted')))
      .limit(1);
    if (waiting) return false;
    await voidLockedStatement(tx, null, statement, EVENT_PRICE_MESSAGES.holdReleasedReason);
  }
  await tx
    .update(eventRegistrations)
    .set({ status: 'expired', updated_at: sql`now()` })
    .where(eq(eventRegistrations.id, registrationId));
  return true;
}

/** A pending paid registration and its unpaid statement, for the secretariat to settle. */
async function settleable(tx: DbTransaction, registrationId: string) {
  const [found] = await tx
    .select({ eventId: eventRegistrations.event_id })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!found) throw notFound(EVENT_MESSAGES.registrationNotFound);
  const event = await lockEvent(tx, found.eventId, { allowDraft: true });
  const statement = await lockEventFeeStatement(tx, registrationId);
  const [registration] = await tx
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId))
    .for('update');
  if (!registration) throw notFound(EVENT_MESSAGES.registrationNotFound);
  if (registration.status !== 'pending') throw conflict(EVENT_PRICE_MESSAGES.notPending, 'not_pending');
  if (!statement || (statement.status !== 'issued' && statement.status !== 'partly_paid')) {
    throw conflict(EVENT_PRICE_MESSAGES.noStatement, 'no_fee');
  }
  return { event, statement, registration };
}

/**
 * POST /api/events/admin/registrations/{id}/waive: the fee is waived (its statement voided with
 * the reason 'waived', audit-logged) and the registration approved, with its e-mail.
 */
export async function waiveFee(
  context: RegistrationContext,
  viewer: Viewer,
  registrationId: string,
): Promise<MyRegistrationDetail> {
  return context.db.transaction(async (tx) => {
    const { event, statement, registration } = await settleable(tx, registrationId);
    await voidLockedStatement(tx, viewer, statement, EVENT_PRICE_MESSAGES.waived);
    await tx
      .update(eventRegistrations)
      .set({ status: 'approved', hold_expires_at: null, updated_at: sql`now()` })
      .where(eq(eventRegistrations.id, registrationId));
    await mailMember(tx, context, registration.user_id, event, registrationApprovedEmail, {
      ticketOf: registration,
    });
    return (await readMyRegistration(
      tx,
      registration.event_id,
      registration.user_id,
    )) as MyRegistrationDetail;
  });
}

/**
 * POST /api/events/admin/registrations/{id}/paid-at-door: the balance paid in cash at the door,
 * recorded on the statement through the dues' `recordPayment` (receipt, audit), which approves
 * the registration as any payment in full does.
 */
export async function payAtDoor(
  context: RegistrationContext,
  viewer: Viewer,
  registrationId: string,
  input: RegistrationSettle,
): Promise<MyRegistrationDetail> {
  const { statementId, balance, registration } = await context.db.transaction(async (tx) => {
    const found = await settleable(tx, registrationId);
    return {
      statementId: found.statement.id,
      balance: found.statement.amountCentavos - (await paidSoFar(tx, found.statement.id)),
      registration: found.registration,
    };
  });
  const config = { publicUrl: context.publicUrl, ...context.secrets };
  await recordPayment({ db: context.db, config }, viewer, statementId, {
    method: 'Cash',
    amount: balance,
    paid_on: manilaDateString(),
    reference: input.reference ?? 'Paid at the door',
  });
  return (await readMyRegistration(
    context.db,
    registration.event_id,
    registration.user_id,
  )) as MyRegistrationDetail;
}
