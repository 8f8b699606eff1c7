import {
  EVENT_MESSAGES,
  EVENT_PRICE_MESSAGES,
  type EventRegistrationRequest,
  formatCentavos,
  formatDate,
  greetingName,
  manilaDateString,
  sitePaths,
  type UserEventUpdate,
} from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import { eventRegistrations, events, eventWaitlist, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import {
  type MailContent,
  type RegistrationMail,
  registrationApprovedEmail,
  registrationReceivedEmail,
  registrationRejectedEmail,
} from '../../lib/mail/templates';
import { signTicket, type TicketSecrets, ticketAttachment, ticketKeyOf } from '../../lib/tickets';
import { issueEventFeeStatement, lockEventFeeStatement, voidLockedStatement } from '../dues';
import { eventCalendarFile } from './calendar';
import { admitsHolder } from './check-in';
import { chooseTier, holdEndOf, readMyRegistration } from './prices';
import { registrationCounts } from './service';
import { offerFreedSeats, seatsHeld } from './waitlist';

/**
 * Members' registrations (docs/product-rules.md "Event registration"), decision 021: every change
 * takes the event's row lock first (`SELECT … FOR UPDATE`), so the seat count a request reads
 * cannot change before it commits. Registrations for one event queue behind each other; other
 * events are not held up. Pending plus approved never exceed `max_attendees`.
 */

export const refused = (error: string, code: string) => new AppError(409, error, { code });

/** `secrets` signs the tickets the approval e-mail carries (lib/tickets.ts). */
/**
 * The configuration a registration reads: the ticket's secrets, and the storage an event fee's
 * statement PDF, sent with its e-mail, reads the payment QR image from.
 */
export type RegistrationSecrets = TicketSecrets & Pick<Config, 'storage'>;

export type RegistrationContext = { db: Db; publicUrl: string; secrets: RegistrationSecrets };

/** The event row, locked until the transaction ends; 404 for a missing or draft event. */
export async function lockEvent(tx: DbTransaction, eventId: string, { allowDraft = false } = {}) {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      start_date: events.start_date,
      start_time: events.start_time,
      hold_hours: events.hold_hours,
      is_registration_required: events.is_registration_required,
      registration_url: events.registration_url,
      max_attendees: events.max_attendees,
      offer_hours: events.offer_hours,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event || (event.status === 'draft' && !allowDraft)) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/**
 * The e-mail of `template` to the member, queued in the transaction of the change it reports;
 * `withCalendar` attaches the event's calendar file (a published event's; docs/decisions/045).
 */
export async function mailMember(
  tx: DbTransaction,
  { publicUrl, secrets }: RegistrationContext,
  userId: string,
  event: { id: string; title: string; start_date: string },
  template: (mail: RegistrationMail) => MailContent,
  {
    withCalendar = false,
    ticketOf,
    feeDue,
  }: { withCalendar?: boolean; ticketOf?: TicketHolder; feeDue?: string } = {},
) {
  const [member] = await tx
    .select({ email: users.email, username: users.username, ...accountNameSelect })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return;
  const content = template({
    username: greetingName(member),
    eventTitle: event.title,
    eventDate: formatDate(event.start_date),
    link: `${publicUrl}${sitePaths.eventDetail(event.id)}`,
    withTicket: ticketOf !== undefined,
    feeDue,
  });
  const calendar = withCalendar ? await eventCalendarFile(tx, event.id, publicUrl) : null;
  // The ticket goes with the e-mail that confirms the seat (docs/product-rules.md "Check-in").
  const ticket = ticketOf
    ? await ticketAttachment(
        signTicket(ticketKeyOf(secrets), ticketOf.id, ticketOf.ticket_version),
        event.title,
      )
    : null;
  await queueMail(tx, {
    to: member.email,
    ...content,
    attachments: [calendar, ticket].filter((file) => file !== null),
  });
}

/** The registration whose ticket an e-mail carries: one that admits its holder. */
export type TicketHolder = { id: string; ticket_version: number };

type RegistrationTarget = {
  status: string;
  start_date: string;
  is_registration_required: boolean;
  registration_url: string | null;
  max_attendees: number | null;
};

/** Why a member may not register, in the order a member should hear it; null when they may. */
export function registrationRefusal(event: RegistrationTarget, taken: number, alreadyRegistered: boolean) {
  if (event.status === 'cancelled') return refused(EVENT_MESSAGES.cancelled, 'event_cancelled');
  if (!event.is_registration_required || event.registration_url) {
    return refused(EVENT_MESSAGES.notOpen, 'registration_not_open');
  }
  if (event.start_date < manilaDateString()) return refused(EVENT_MESSAGES.past, 'event_past');
  if (alreadyRegistered) return refused(EVENT_MESSAGES.alreadyRegistered, 'already_registered');
  if (event.max_attendees !== null && taken >= event.max_attendees)
    return refused(EVENT_MESSAGES.full, 'event_full');
  return null;
}

/**
 * A signed-in member registers: a pending registration, and the "received" e-mail, in one
 * transaction under the event's row lock (decision 021), after the checks of `registrationRefusal`
 * and of the tier chosen (docs/product-rules.md "Event prices"). At a tier with a fee the seat is
 * held until `holdEndOf` (none on the event's day: paid at the door) and a statement for the tier's amount (the server's, never the client's)
 * is issued through the dues machinery, due on the hold's last day; paying it approves the
 * registration. A registration whose hold was released may register again (the row is reused).
 * The seats held count the waitlist's open offers (docs/product-rules.md "Waitlist"): a person
 * offered a seat takes the one held for them, and their offer is accepted; an offer past its
 * expiry is passed on to the next person and the late taker is refused (the passing on commits).
 */
export async function registerForEvent(
  context: RegistrationContext,
  eventId: string,
  userId: string,
  request: EventRegistrationRequest = {},
  now = new Date(),
) {
  const outcome = await context.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [existing] = await tx
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)));
    const registeredBefore = existing !== undefined && existing.status !== 'expired';
    const [entry] = await tx
      .select({
        id: eventWaitlist.id,
        state: eventWaitlist.state,
        offer_expires_at: eventWaitlist.offer_expires_at,
      })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.user_id, userId)));
    const held = await seatsHeld(tx, eventId);
    const offered = entry?.state === 'offered' && !registeredBefore;
    if (offered && entry.offer_expires_at !== null && entry.offer_expires_at <= now) {
      await tx
        .update(eventWaitlist)
        .set({ state: 'expired', updated_at: now })
        .where(eq(eventWaitlist.id, entry.id));
      await offerFreedSeats(tx, context, eventId, now);
      return { refusal: refused(EVENT_MESSAGES.offerExpired, 'offer_expired') };
    }
    // The seat an offer holds is the offered person's own.
    const taken = offered ? held - 1 : held;
    const refusal = registrationRefusal(event, taken, registeredBefore);
    if (refusal) return { refusal };
    const { tier, prc } = await chooseTier(tx, event, userId, request, now);
    const fee = tier?.amount_centavos ?? 0;
    const holdExpiresAt = fee > 0 ? holdEndOf(event, now) : null;
    const values = {
      status: 'pending' as const,
      price_tier_id: tier?.id ?? null,
      hold_expires_at: holdExpiresAt,
      prc_number: prc?.number ?? null,
      prc_expires_on: prc?.expiresOn ?? null,
    };
    const [registration] = existing
      ? await tx
          .update(eventRegistrations)
          .set({ ...values, created_at: now, updated_at: now })
          .where(eq(eventRegistrations.id, existing.id))
          .returning({ id: eventRegistrations.id })
      : await tx
          .insert(eventRegistrations)
          .values({ event_id: eventId, user_id: userId, ...values })
          .returning({ id: eventRegistrations.id });
    if (!registration) throw new Error('The registration was not saved');
    if (entry && (entry.state === 'offered' || entry.state === 'waiting')) {
      await tx
        .update(eventWaitlist)
        .set({ state: 'accepted', updated_at: now })
        .where(eq(eventWaitlist.id, entry.id));
    }
    await mailMember(tx, context, userId, event, registrationReceivedEmail, { withCalendar: true });
    if (tier && fee > 0) {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound(EVENT_MESSAGES.registrationNotFound);
      await issueEventFeeStatement(
        tx,
        { publicUrl: context.publicUrl, storage: context.secrets.storage },
        {
          registrationId: registration.id,
          user,
          description: `${event.title} (${formatDate(event.start_date)}), ${tier.name}`,
          amountCentavos: fee,
          // On the event's day there is no hold: the fee is due that day, at the door.
          holdExpiresAt: holdExpiresAt ?? now,
        },
      );
    }
    return {
      registered: {
        status: 'pending' as const,
        seats_taken: taken + 1,
        registration: await readMyRegistration(tx, eventId, userId),
      },
    };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.registered;
}

/** The member withdraws a pending or approved registration; the seat freed is offered to the waitlist. */
export async function withdrawRegistration(context: RegistrationContext, eventId: string, userId: string) {
  return context.db.transaction(async (tx) => {
    await lockEvent(tx, eventId);
    const [existing] = await tx
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)));
    if (!existing) throw notFound(EVENT_MESSAGES.registrationNotFound);
    // Withdrawing a refusal and registering again would undo the admin's decision.
    if (existing.status === 'rejected') {
      throw refused(EVENT_MESSAGES.rejectedCannotWithdraw, 'registration_rejected');
    }
    // An unpaid fee goes with the seat; a paid one stays paid (a refund is a matter for the books).
    const statement = await lockEventFeeStatement(tx, existing.id);
    if (statement && (statement.status === 'issued' || statement.status === 'draft')) {
      await voidLockedStatement(tx, null, statement, EVENT_PRICE_MESSAGES.withdrawnReason);
    }
    await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, existing.id));
    await offerFreedSeats(tx, context, eventId, new Date());
    return { status: null, seats_taken: await seatsHeld(tx, eventId) };
  });
}

/**
 * PUT /api/events/admin/update-user-event: pending → approved or rejected, once (decided ones
 * show no actions, spec 001 §4), with the matching e-mail. Approving is refused when the approved
 * ones would exceed the seats (possible after an admin lowered `max_attendees`).
 */
export async function decideRegistration(context: RegistrationContext, input: UserEventUpdate) {
  return context.db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventId, { allowDraft: true });
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.event_id, input.eventId), eq(eventRegistrations.user_id, input.userId)),
      );
    if (!registration) throw notFound(EVENT_MESSAGES.registrationNotFound);
    if (registration.status !== 'pending') throw refused(EVENT_MESSAGES.alreadyDecided, 'already_decided');
    if (input.status === 'approved' && event.max_attendees !== null) {
      const counts = await registrationCounts(tx, input.eventId);
      if (counts.approved + 1 > event.max_attendees) {
        throw refused(EVENT_MESSAGES.approveWouldExceed, 'seats_exceeded');
      }
    }
    const [updated] = await tx
      .update(eventRegistrations)
      .set({ status: input.status, updated_at: new Date() })
      .where(and(eq(eventRegistrations.id, registration.id), inArray(eventRegistrations.status, ['pending'])))
      .returning();
    if (!updated) throw refused(EVENT_MESSAGES.alreadyDecided, 'already_decided');
    if (updated.status === 'rejected') {
      const statement = await lockEventFeeStatement(tx, registration.id);
      if (statement?.status === 'issued') {
        await voidLockedStatement(tx, null, statement, EVENT_PRICE_MESSAGES.rejectedReason);
      }
      await offerFreedSeats(tx, context, input.eventId, new Date());
    }
    // An admin may approve a paid registration before its fee is in: no ticket until it is, and
    // the e-mail says what is still due; paying it sends the ticket (decision 074).
    const admits = input.status === 'approved' && (await admitsHolder(tx, updated.id));
    const detail =
      input.status === 'approved' && !admits
        ? await readMyRegistration(tx, input.eventId, input.userId)
        : null;
    await mailMember(
      tx,
      context,
      input.userId,
      event,
      input.status === 'approved' ? registrationApprovedEmail : registrationRejectedEmail,
      {
        withCalendar: input.status === 'approved',
        ticketOf: admits ? updated : undefined,
        feeDue:
          detail && detail.balance > 0
            ? `${formatCentavos(detail.balance)}${detail.statement_number ? ` (statement ${detail.statement_number})` : ''}`
            : undefined,
      },
    );
    const [member] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, input.userId));
    return {
      id: updated.id,
      userId: updated.user_id,
      eventId: updated.event_id,
      status: updated.status,
      created_at: updated.created_at.toISOString(),
      profiles: { id: updated.user_id, username: member?.username ?? '' },
    };
  });
}
