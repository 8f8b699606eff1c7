import {
  buildPagination,
  REMINDER_MESSAGES,
  type ReminderDelivery,
  type ReminderLogQuery,
  type ReminderPauseInput,
  type ReminderPauseView,
  statementLabel,
} from '@portal/shared';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { duesReminderPauses, duesReminders, duesStatements, mailOutbox, users } from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { likePattern } from '../../lib/sql';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { reminderContent } from './daily';
import { readDuesSettings } from './settings';
import type { DuesContext } from './statements';

/**
 * The reminder delivery log as the admin reads it (docs/decisions/042-scheduled-renewals.md): its
 * state comes from the outbox message, sent or failed; a message the outbox no longer keeps was
 * sent (only sent mail is purged).
 */
const state = sql<ReminderDelivery['state']>`case
  when ${duesReminders.mailId} is null or ${mailOutbox.status} = 'sent' then 'sent'
  when ${mailOutbox.status} = 'failed' then 'failed'
  else 'queued' end`;

const deliveryColumns = {
  reminder: duesReminders,
  statement: {
    number: duesStatements.number,
    billedName: duesStatements.billedName,
    dueOn: duesStatements.dueOn,
    amountCentavos: duesStatements.amountCentavos,
  },
  state,
  sentAt: mailOutbox.sentAt,
  error: mailOutbox.lastError,
};

function deliveriesQuery(db: Db) {
  return db
    .select(deliveryColumns)
    .from(duesReminders)
    .innerJoin(duesStatements, eq(duesStatements.id, duesReminders.statementId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, duesReminders.mailId));
}

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveriesQuery>['execute']>>[number];

function toDelivery(row: DeliveryRow): ReminderDelivery {
  return {
    id: row.reminder.id,
    statementId: row.reminder.statementId,
    statementNumber: statementLabel(row.statement),
    userId: row.reminder.userId,
    memberName: row.statement.billedName,
    email: row.reminder.email,
    role: row.reminder.role,
    offset: row.reminder.offsetDays,
    dueOn: row.statement.dueOn,
    amount: row.statement.amountCentavos,
    runDate: row.reminder.runDate,
    state: row.state,
    resend: row.reminder.resend,
    queuedAt: row.reminder.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error ?? null,
  };
}

/** GET /api/dues/reminders: newest first, filtered by state, member or a search of name and e-mail. */
export async function listReminderDeliveries(db: Db, query: ReminderLogQuery) {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(duesReminders.userId, query.userId));
  if (query.state === 'sent') {
    conditions.push(or(isNull(duesReminders.mailId), eq(mailOutbox.status, 'sent')) as SQL);
  } else if (query.state) {
    conditions.push(and(isNotNull(duesReminders.mailId), eq(mailOutbox.status, query.state)) as SQL);
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(duesReminders.email, pattern),
        ilike(duesStatements.billedName, pattern),
        ilike(duesStatements.number, pattern),
      ) as SQL,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    deliveriesQuery(db)
      .where(where)
      .orderBy(desc(duesReminders.createdAt), desc(duesReminders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(duesReminders)
      .innerJoin(duesStatements, eq(duesStatements.id, duesReminders.statementId))
      .leftJoin(mailOutbox, eq(mailOutbox.id, duesReminders.mailId))
      .where(where),
  ]);
  return {
    deliveries: rows.map(toDelivery),
    pagination: buildPagination(query.page, query.limit, total?.total ?? 0),
  };
}

/**
 * POST /api/dues/reminders/{id}/resend: queues a copy of a reminder to the same address, logged as
 * a resend beside the scheduled one and in the audit log.
 */
export async function resendReminder({ db, config }: DuesContext, viewer: Viewer, id: string) {
  const settings = await readDuesSettings(db);
  const copyId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ reminder: duesReminders, statement: duesStatements, user: users })
      .from(duesReminders)
      .innerJoin(duesStatements, eq(duesStatements.id, duesReminders.statementId))
      .leftJoin(users, eq(users.id, duesReminders.userId))
      .where(eq(duesReminders.id, id));
    if (!row) throw new AppError(404, REMINDER_MESSAGES.deliveryNotFound, { code: 'not_found' });
    const mailId = await queueMail(tx, {
      to: row.reminder.email,
      ...reminderContent(
        config,
        {
          memberName: row.statement.billedName,
          statementNumber: statementLabel(row.statement),
          amount: row.statement.amountCentavos,
          dueOn: row.statement.dueOn,
          offset: row.reminder.offsetDays,
        },
        settings.graceDays,
      ),
    });
    const [copy] = await tx
      .insert(duesReminders)
      .values({
        statementId: row.reminder.statementId,
        userId: row.reminder.userId,
        offsetDays: row.reminder.offsetDays,
        role: row.reminder.role,
        email: row.reminder.email,
        runDate: row.reminder.runDate,
        resend: true,
        mailId,
      })
      .returning({ id: duesReminders.id });
    if (row.user) {
      await recordAdminAction(tx, viewer, {
        action: 'dues_reminder_resent',
        user: row.user,
        membershipId: row.statement.membershipId,
        changes: {
          reminder: { from: null, to: `${statementLabel(row.statement)} to ${row.reminder.email}` },
        },
      });
    }
    return copy?.id as string;
  });
  const [copy] = await deliveriesQuery(db).where(eq(duesReminders.id, copyId));
  return toDelivery(copy as DeliveryRow);
}

/** GET /api/dues/reminders/pauses: the members whose reminders are paused. */
export async function listReminderPauses(db: Db): Promise<ReminderPauseView[]> {
  const rows = await db
    .select({
      pause: duesReminderPauses,
      username: users.username,
      memberName: displayNameSql,
      email: users.email,
    })
    .from(duesReminderPauses)
    .innerJoin(users, eq(users.id, duesReminderPauses.userId))
    .orderBy(desc(duesReminderPauses.pausedAt));
  return rows.map((row) => ({
    userId: row.pause.userId,
    memberName: row.memberName,
    email: row.email,
    reason: row.pause.reason,
    pausedAt: row.pause.pausedAt.toISOString(),
  }));
}

/**
 * PUT /api/dues/reminders/pauses/{userId}: pauses a member's reminders or resumes them, with the
 * reason in the audit log.
 */
export async function setReminderPause(db: Db, viewer: Viewer, userId: string, input: ReminderPauseInput) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError(404, REMINDER_MESSAGES.memberNotFound, { code: 'not_found' });
    const [before] = await tx.select().from(duesReminderPauses).where(eq(duesReminderPauses.userId, userId));
    if (input.paused) {
      await tx
        .insert(duesReminderPauses)
        .values({ userId, reason: input.reason, pausedBy: viewer.userId })
        .onConflictDoUpdate({
          target: duesReminderPauses.userId,
          set: { reason: input.reason, pausedBy: viewer.userId, pausedAt: sql`now()` },
        });
    } else {
      await tx.delete(duesReminderPauses).where(eq(duesReminderPauses.userId, userId));
    }
    await recordAdminAction(tx, viewer, {
      action: input.paused ? 'dues_reminders_paused' : 'dues_reminders_resumed',
      user,
      changes: {
        remindersPaused: { from: before !== undefined, to: input.paused },
        reason: { from: before?.reason ?? null, to: input.reason },
      },
    });
  });
  return listReminderPauses(db);
}
