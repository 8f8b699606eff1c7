import { formatDate, greetingName, manilaDateString, sitePaths } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { type DuesStatement, duesStatements, eventRegistrations, events, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { queueMail } from '../../lib/mail/outbox';
import { registrationApprovedEmail, registrationTicketEmail } from '../../lib/mail/templates';
import { signTicket, ticketAttachment, ticketKeyOf } from '../../lib/tickets';
import {
  type BilledUser,
  type DuesContext,
  insertEventFeeStatement,
  type PaymentContext,
} from './statements';

/**
 * Event fees (docs/product-rules.md "Event prices", docs/decisions/046): a paid registration is
 * billed by a statement of the dues machinery, numbered and paid like dues, but with no
 * membership, so it never touches a membership's paid-through date, standing or reminders.
 */

export type EventFee = {
  registrationId: string;
  user: BilledUser;
  /** The line as printed: the event and the tier. */
  description: string;
  amountCentavos: number;
  /** The end of the seat's hold: the statement falls due on that day. */
  holdExpiresAt: Date;
};

/** Issues and e-mails the statement of a paid registration, in the registration's transaction. */
export function issueEventFeeStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  fee: EventFee,
): Promise<DuesStatement> {
  return insertEventFeeStatement(tx, config, {
    user: fee.user,
    registrationId: fee.registrationId,
    description: fee.description,
    amountCentavos: fee.amountCentavos,
    issuedOn: manilaDateString(),
    dueOn: manilaDateString(fee.holdExpiresAt),
  });
}

/**
 * An event fee paid in full (proof verified, recorded, or paid online): its registration, still
 * pending, is approved and the member told, in the payment's transaction. Seats do not change
 * (pending and approved both hold one), so the event's row is not locked: the payment path locks
 * the statement first and the registration after, the order the holds' release keeps too.
 */
export async function approvePaidRegistration(
  tx: DbTransaction,
  config: PaymentContext['config'],
  statement: DuesStatement,
) {
  if (statement.kind !== 'event_fee' || !statement.eventRegistrationId) return;
  const [approved] = await tx
    .update(eventRegistrations)
    .set({ status: 'approved', hold_expires_at: null, updated_at: sql`now()` })
    .where(
      and(eq(eventRegistrations.id, statement.eventRegistrationId), eq(eventRegistrations.status, 'pending')),
    )
    .returning({
      id: eventRegistrations.id,
      userId: eventRegistrations.user_id,
      eventId: eventRegistrations.event_id,
      ticketVersion: eventRegistrations.ticket_version,
    });
  // Approved by the secretariat before it was paid: the payment now sends its ticket (decision 074).
  const [alreadyApproved] = approved
    ? []
    : await tx
        .select({
          id: eventRegistrations.id,
          userId: eventRegistrations.user_id,
          eventId: eventRegistrations.event_id,
          ticketVersion: eventRegistrations.ticket_version,
        })
        .from(eventRegistrations)
        .where(
          and(
            eq(eventRegistrations.id, statement.eventRegistrationId),
            eq(eventRegistrations.status, 'approved'),
          ),
        );
  const confirmed = approved ?? alreadyApproved;
  if (!confirmed) return;
  const [row] = await tx
    .select({
      email: users.email,
      username: users.username,
      ...accountNameSelect,
      title: events.title,
      startDate: events.start_date,
    })
    .from(users)
    .innerJoin(events, eq(events.id, confirmed.eventId))
    .where(eq(users.id, confirmed.userId));
  if (!row) return;
  const content = (approved ? registrationApprovedEmail : registrationTicketEmail)({
    username: greetingName(row),
    eventTitle: row.title,
    eventDate: formatDate(row.startDate),
    link: `${config.publicUrl}${sitePaths.eventDetail(confirmed.eventId)}`,
    withTicket: true,
  });
  // Paid in full, the seat is confirmed: its ticket goes with the e-mail (docs/product-rules.md "Check-in").
  const ticket = signTicket(ticketKeyOf(config), confirmed.id, confirmed.ticketVersion);
  await queueMail(tx, {
    to: row.email,
    ...content,
    attachments: [await ticketAttachment(ticket, row.title)],
  });
}

/** The statement billing a registration, locked (after the event's row, as every event change). */
export async function lockEventFeeStatement(tx: DbTransaction, registrationId: string) {
  const [statement] = await tx
    .select()
    .from(duesStatements)
    .where(and(eq(duesStatements.eventRegistrationId, registrationId), eq(duesStatements.kind, 'event_fee')))
    .orderBy(sql`${duesStatements.createdAt} desc`)
    .limit(1)
    .for('update');
  return statement ?? null;
}
