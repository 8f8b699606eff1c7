import {
  addToDate,
  formatCentavos,
  formatDate,
  paidThroughOf,
  type ReminderMessage,
  type ReminderPreview,
  SEMESTER_NOTICE_DAYS,
  SEMESTRAL_PERIOD_MONTHS,
  sitePaths,
  startOfManilaDay,
  statementLabel,
  UNPAID_STATEMENT_STATUSES,
} from '@portal/shared';
import { and, eq, gt, inArray, isNotNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  duesReminderPauses,
  duesReminders,
  duesStatements,
  memberships,
  representatives,
  users,
} from '../../db/schema';
import { queueMail } from '../../lib/mail/outbox';
import { duesReminderEmail } from '../../lib/mail/templates';
import { readDuesSettings } from './settings';
import { type DuesContext, issueDueStatements } from './statements';

/*
 * The dues' daily work (docs/decisions/042-scheduled-renewals.md): the semester statements due
 * that day, then the reminders whose step falls on it. Each (statement, step, recipient) is a row
 * of the delivery log under a unique key, written in the transaction that queues its e-mail, so
 * any number of runs of the same day, one after the other or at once, queue each message once.
 * The job runner (modules/jobs) runs it each day and makes up missed days.
 */

type PlannedMessage = ReminderMessage & { username: string; membershipId: string | null };

/**
 * The reminders due on `date` and not yet queued: unpaid, numbered statements whose due date plus
 * a step of the settings is `date`, the step later than the day the statement was issued (its own
 * e-mail said as much that day), for members whose reminders are not paused.
 */
export async function planReminders(
  db: Db,
  date: string,
  offsets?: readonly number[],
): Promise<{ messages: PlannedMessage[]; paused: number }> {
  const steps = offsets ?? (await readDuesSettings(db)).reminderOffsets;
  if (steps.length === 0) return { messages: [], paused: 0 };
  const dueDates = steps.map((offset) => addToDate(date, { days: -offset }));
  const rows = await db
    .select({
      statement: duesStatements,
      username: users.username,
      email: users.email,
      type: users.type,
      billingEmail: users.billingEmail,
      representativeEmail: representatives.email,
      paused: sql<boolean>`${duesReminderPauses.userId} is not null`,
    })
    .from(duesStatements)
    .innerJoin(users, eq(users.id, duesStatements.userId))
    .leftJoin(duesReminderPauses, eq(duesReminderPauses.userId, duesStatements.userId))
    // A company has at most one voting representative (a unique index), so one row per statement.
    .leftJoin(
      representatives,
      and(eq(representatives.userId, duesStatements.userId), eq(representatives.type, 'voting')),
    )
    .where(
      and(
        inArray(duesStatements.status, UNPAID_STATEMENT_STATUSES),
        isNotNull(duesStatements.number),
        inArray(duesStatements.dueOn, dueDates),
        // An event fee is settled by its seat hold's release, never chased by dues reminders.
        ne(duesStatements.kind, 'event_fee'),
      ),
    )
    .orderBy(duesStatements.dueOn, duesStatements.number);
  const messages: PlannedMessage[] = [];
  let paused = 0;
  for (const row of rows) {
    const statement = row.statement;
    const offset = daysBetween(statement.dueOn, date);
    if (date <= statement.issuedOn) continue;
    const candidates: { email: string | null; role: PlannedMessage['role'] }[] = [
      { email: row.email, role: 'member' },
    ];
    if (row.type === 'company') {
      candidates.push(
        { email: row.billingEmail, role: 'billing' },
        { email: row.representativeEmail, role: 'representative' },
      );
    }
    // Each address once, under the first role that names it.
    const recipients = candidates.filter(
      (candidate, index): candidate is { email: string; role: PlannedMessage['role'] } =>
        candidate.email !== null &&
        candidates.findIndex((other) => other.email === candidate.email) === index,
    );
    for (const recipient of recipients) {
      if (row.paused) {
        paused += 1;
        continue;
      }
      messages.push({
        statementId: statement.id,
        statementNumber: statementLabel(statement),
        userId: statement.userId,
        membershipId: statement.membershipId,
        memberName: statement.billedName,
        username: row.username,
        email: recipient.email,
        role: recipient.role,
        offset,
        dueOn: statement.dueOn,
        amount: statement.amountCentavos,
      });
    }
  }
  if (messages.length === 0) return { messages, paused };
  // Those already in the log (an earlier run of the day, or of a day when the steps were others).
  const logged = await db
    .select({
      statementId: duesReminders.statementId,
      offset: duesReminders.offsetDays,
      email: duesReminders.email,
    })
    .from(duesReminders)
    .where(
      and(
        inArray(
          duesReminders.statementId,
          messages.map((message) => message.statementId),
        ),
        eq(duesReminders.resend, false),
      ),
    );
  const done = new Set(logged.map((row) => `${row.statementId}|${row.offset}|${row.email}`));
  return {
    messages: messages.filter(
      (message) => !done.has(`${message.statementId}|${message.offset}|${message.email}`),
    ),
    paused,
  };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The members whose semester statement `issueDueStatements` would issue on `date` (the preview
 * and the dry run): the same conditions, read without writing.
 */
async function statementsDueOn(db: Db, date: string) {
  const noticeBound = startOfManilaDay(addToDate(date, { days: SEMESTER_NOTICE_DAYS + 1 }));
  const lapsedBound = startOfManilaDay(addToDate(date, { months: -SEMESTRAL_PERIOD_MONTHS }));
  const rows = await db
    .select({ membership: memberships, username: users.username, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.status, 'approved'),
        ne(memberships.category, 'Honorary'),
        isNotNull(memberships.expiresAt),
        lte(memberships.expiresAt, noticeBound),
        gt(memberships.expiresAt, lapsedBound),
        notExists(
          db
            .select({ found: sql`1` })
            .from(duesStatements)
            .where(
              and(
                eq(duesStatements.membershipId, memberships.id),
                ne(duesStatements.status, 'void'),
                sql`${duesStatements.periodFrom} = (${memberships.expiresAt} at time zone 'Asia/Manila')::date`,
              ),
            ),
        ),
      ),
    );
  const settings = await readDuesSettings(db);
  return rows
    .filter(({ membership }) => settings.fees[membership.category] > 0)
    .filter(({ membership }) => paidThroughOf(membership.expiresAt) !== null)
    .map(({ membership, username, email }) => ({ userId: membership.userId, memberName: username, email }));
}

/** What the day's run would do, writing nothing: the admin's "who gets what tomorrow" and `--dry-run`. */
export async function previewDailyDues(db: Db, date: string): Promise<ReminderPreview> {
  const [statementsToIssue, plan] = await Promise.all([statementsDueOn(db, date), planReminders(db, date)]);
  return {
    date,
    statementsToIssue,
    messages: plan.messages.map(
      ({ username: _username, membershipId: _membershipId, ...message }) => message,
    ),
    paused: plan.paused,
  };
}

/**
 * Queues one reminder: its log row under the unique key and its e-mail, in one transaction, after
 * checking the statement is still unpaid (a payment recorded since the plan was read stops it).
 * Returns whether it was queued.
 */
async function queueReminder(
  { db, config }: DuesContext,
  message: PlannedMessage,
  date: string,
  graceDays: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [statement] = await tx
      .select({ status: duesStatements.status })
      .from(duesStatements)
      .where(eq(duesStatements.id, message.statementId))
      .for('update');
    if (!statement || !(UNPAID_STATEMENT_STATUSES as readonly string[]).includes(statement.status))
      return false;
    const [logged] = await tx
      .insert(duesReminders)
      .values({
        statementId: message.statementId,
        userId: message.userId,
        offsetDays: message.offset,
        role: message.role,
        email: message.email,
        runDate: date,
      })
      .onConflictDoNothing()
      .returning({ id: duesReminders.id });
    if (!logged) return false;
    const mailId = await queueMail(tx, { to: message.email, ...reminderContent(config, message, graceDays) });
    await tx.update(duesReminders).set({ mailId }).where(eq(duesReminders.id, logged.id));
    return true;
  });
}

/** The reminder's e-mail: amount, statement number, due date and a link to the profile's Dues. */
export function reminderContent(
  config: DuesContext['config'],
  message: Pick<PlannedMessage, 'memberName' | 'statementNumber' | 'amount' | 'dueOn' | 'offset'>,
  graceDays: number,
) {
  // Greeted by the name on the statement, never the username (docs/product-rules.md "Names").
  return duesReminderEmail({
    username: message.memberName,
    link: `${config.publicUrl}${sitePaths.profile}#dues`,
    number: message.statementNumber,
    amount: formatCentavos(message.amount),
    dueOn: formatDate(message.dueOn),
    offset: message.offset,
    graceEndsOn: formatDate(addToDate(message.dueOn, { days: graceDays })),
  });
}

export type DailyResult = { date: string; issued: number; queued: ReminderMessage[]; dryRun: boolean };

/**
 * Runs the day as if it were `date` (the scheduler, `npm run dues:daily`): issues the statements
 * due, then queues the reminders due. With `dryRun`, reads what it would do and writes nothing.
 */
export async function runDailyDues(
  context: DuesContext,
  date: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<DailyResult> {
  if (dryRun) {
    const preview = await previewDailyDues(context.db, date);
    return { date, issued: preview.statementsToIssue.length, queued: preview.messages, dryRun };
  }
  const { issued } = await issueDueStatements(context, date);
  const settings = await readDuesSettings(context.db);
  const { messages } = await planReminders(context.db, date, settings.reminderOffsets);
  const queued: ReminderMessage[] = [];
  for (const message of messages) {
    if (await queueReminder(context, message, date, settings.graceDays)) {
      const { username: _username, membershipId: _membershipId, ...logged } = message;
      queued.push(logged);
    }
  }
  return { date, issued, queued, dryRun };
}
