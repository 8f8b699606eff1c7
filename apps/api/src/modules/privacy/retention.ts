import {
  addToDate,
  manilaDateString,
  RETENTION_PERIODS,
  RETENTION_REPLACED_PERSON,
  type RetentionKind,
} from '@portal/shared';
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  adminAuditLog,
  consentRecords,
  duesPayments,
  duesReminders,
  duesStatements,
  mailOutbox,
  memberships,
  privacyRequests,
  representatives,
  sessions,
  uploadedFiles,
  userRoles,
  users,
} from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { replaceBilledPerson } from './erasure';

const DAY_MS = 86_400_000;

/** How many rows one transaction removes: a run interrupted loses at most one batch's work, which the next run redoes. */
export const RETENTION_BATCH_SIZE = 500;

export type RetentionReport = Record<RetentionKind, number> & {
  /** The Manila day the schedule was applied as of. */
  date: string;
  /** The accounts never confirmed that were (or, in a dry run, would be) deleted: "<id> <e-mail>". */
  accounts: string[];
  /** Files whose rows were cleared but which the storage could not delete (logged; removed by hand). */
  filesNotRemoved: number;
};

export type RetentionOptions = {
  dryRun?: boolean;
  batchSize?: number;
  signal?: AbortSignal;
  /** Called after each batch has committed (and its files are gone): tests interrupt a run here. */
  afterBatch?: (kind: RetentionKind, removed: number) => void | Promise<void>;
  log?: { warn(details: object, message: string): void };
};

const yearsBefore = (now: Date, years: number) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
};

/**
 * The moment (or day) on or before which each kind of record is due for removal, as of `now`: a
 * record exactly one period old is removed, one a day younger kept (docs/decisions/069).
 */
export function retentionCutoffs(now: Date) {
  return {
    unconfirmedAccounts: new Date(now.getTime() - RETENTION_PERIODS.unconfirmedAccountDays * DAY_MS),
    rejectedApplications: yearsBefore(now, RETENTION_PERIODS.rejectedApplicationYears),
    // A payment's day is a Manila calendar day: its proof goes on the day five years later.
    paymentProofs: addToDate(manilaDateString(now), { months: -12 * RETENTION_PERIODS.paymentProofYears }),
    // A statement's day is its issue day, a Manila calendar day.
    statementNames: addToDate(manilaDateString(now), { months: -12 * RETENTION_PERIODS.statementNameYears }),
    sessions: new Date(now.getTime() - RETENTION_PERIODS.sessionDays * DAY_MS),
    deliveryLogs: yearsBefore(now, RETENTION_PERIODS.deliveryLogYears),
    auditLog: yearsBefore(now, RETENTION_PERIODS.auditLogYears),
    accountsClosed: yearsBefore(now, RETENTION_PERIODS.consentAfterClosureYears),
  };
}

type Cutoffs = ReturnType<typeof retentionCutoffs>;

/**
 * What makes a row due, per kind: the one predicate the count, the batch's pick and the batch's
 * delete all use, so a run that stops half-way and runs again finds exactly what is left.
 */
function duePredicates(cutoffs: Cutoffs) {
  return {
    // Never confirmed, registered 30 days ago; not a staff account, and not one a statement bills
    // (a statement is kept for the BIR, docs/product-rules.md "Retention schedule").
    unconfirmedAccounts: and(
      isNull(users.emailConfirmedAt),
      lte(users.createdAt, cutoffs.unconfirmedAccounts),
      not(exists(sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`)),
      not(exists(sql`(select 1 from ${duesStatements} where ${duesStatements.userId} = ${users.id})`)),
    ) as SQL,
    // A rejection is the application's last change: its updated_at is the decision's time.
    rejectedApplications: and(
      eq(memberships.status, 'rejected'),
      lte(memberships.updatedAt, cutoffs.rejectedApplications),
    ) as SQL,
    paymentProofs: and(
      isNotNull(duesPayments.proofPath),
      lte(duesPayments.paidOn, cutoffs.paymentProofs),
    ) as SQL,
    sessions: lte(sessions.createdAt, cutoffs.sessions),
    // Delivered mail is housekeeping's (lib/housekeeping.ts, after 30 days); what stays longer is
    // mail that failed or was withdrawn, which nothing else removes.
    deliveryLogs: and(
      inArray(mailOutbox.status, ['failed', 'withdrawn']),
      lte(mailOutbox.createdAt, cutoffs.deliveryLogs),
    ) as SQL,
    auditLog: lte(adminAuditLog.createdAt, cutoffs.auditLog),
    // Ten years after it was issued, a statement no longer prints who it billed. An erased
    // account's statements already print its placeholder (an address at erased.invalid): kept.
    statementNames: and(
      lte(duesStatements.issuedOn, cutoffs.statementNames),
      not(like(duesStatements.billedEmail, '%@erased.invalid')),
    ) as SQL,
    // An account closes when it is erased (its placeholder stays, decision 068): its consent
    // records are proof for three years after that. A deleted account's went with it.
    consentRecords: exists(
      sql`(select 1 from ${privacyRequests} where ${privacyRequests.userId} = ${consentRecords.userId}
        and ${privacyRequests.kind} = 'erasure' and ${privacyRequests.status} = 'approved'
        and ${privacyRequests.resolvedAt} <= ${cutoffs.accountsClosed})`,
    ),
  } satisfies Record<RetentionKind, SQL>;
}

/** One batch of a kind removed in `tx`: the rows' ids, and the files to delete once it commits. */
type Batch = { removed: number; files: string[]; accounts: string[] };

const BATCHES: Record<RetentionKind, (tx: DbTransaction, due: SQL, limit: number) => Promise<Batch>> = {
  unconfirmedAccounts: async (tx, due, limit) => {
    const picked = await tx
      .select({ id: users.id, email: users.email, avatarUrl: users.avatarUrl, logoUrl: users.logoUrl })
      .from(users)
      .where(due)
      .orderBy(asc(users.id))
      .limit(limit)
      .for('update', { of: users, skipLocked: true });
    if (picked.length === 0) return { removed: 0, files: [], accounts: [] };
    const ids = picked.map((user) => user.id);
    // What hangs on the account goes with it by its foreign keys (sessions, links, consents,
    // memberships, representatives); their pictures are rows without one, found by their owner.
    const reps = await tx
      .select({ id: representatives.id, avatarUrl: representatives.avatarUrl })
      .from(representatives)
      .where(inArray(representatives.userId, ids));
    const paths = [
      ...picked.flatMap((user) => [user.avatarUrl, user.logoUrl]),
      ...reps.map((rep) => rep.avatarUrl),
    ].filter((path): path is string => Boolean(path));
    const released = await tx
      .delete(uploadedFiles)
      .where(
        or(
          inArray(uploadedFiles.ownerId, [...ids, ...reps.map((rep) => rep.id)]),
          paths.length > 0 ? inArray(uploadedFiles.publicPath, paths) : undefined,
        ),
      )
      .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
    const deleted = await tx
      .delete(users)
      .where(and(inArray(users.id, ids), due))
      .returning({ id: users.id, email: users.email });
    return {
      removed: deleted.length,
      files: released.flatMap((file) => [
        file.publicPath,
        ...file.variants.map((variant) => variant.publicPath),
      ]),
      accounts: deleted.map((user) => `${user.id} ${user.email}`),
    };
  },
  rejectedApplications: async (tx, due, limit) => {
    const ids = tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(due)
      .orderBy(asc(memberships.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(memberships)
      .where(and(inArray(memberships.id, ids), due))
      .returning({ id: memberships.id });
    return { removed: deleted.length, files: [], accounts: [] };
  },
  paymentProofs: async (tx, due, limit) => {
    const picked = await tx
      .select({ id: duesPayments.id, proofPath: duesPayments.proofPath })
      .from(duesPayments)
      .where(due)
      .orderBy(asc(duesPayments.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return { removed: 0, files: [], accounts: [] };
    // The payment and its statement stay (the BIR's ten years); only the proof goes.
    const cleared = await tx
      .update(duesPayments)
      .set({ proofPath: null, proofType: null })
      .where(
        and(
          inArray(
            duesPayments.id,
            picked.map((row) => row.id),
          ),
          due,
        ),
      )
      .returning({ id: duesPayments.id });
    const clearedIds = new Set(cleared.map((row) => row.id));
    return {
      removed: cleared.length,
      files: picked.flatMap((row) => (clearedIds.has(row.id) && row.proofPath ? [row.proofPath] : [])),
      accounts: [],
    };
  },
  statementNames: async (tx, due, limit) => {
    const picked = await tx
      .select({ id: duesStatements.id })
      .from(duesStatements)
      .where(due)
      .orderBy(asc(duesStatements.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return { removed: 0, files: [], accounts: [] };
    const replaced = await replaceBilledPerson(
      tx,
      and(
        inArray(
          duesStatements.id,
          picked.map((row) => row.id),
        ),
        due,
      ) as SQL,
      RETENTION_REPLACED_PERSON,
    );
    // The reminders sent for them are a log of mail to the person's address, long done with.
    if (replaced.length > 0) {
      await tx.delete(duesReminders).where(
        inArray(
          duesReminders.statementId,
          replaced.map((row) => row.id),
        ),
      );
    }
    return { removed: replaced.length, files: [], accounts: [] };
  },
  sessions: async (tx, due, limit) => {
    const ids = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(due)
      .orderBy(asc(sessions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(sessions)
      .where(and(inArray(sessions.id, ids), due))
      .returning({ id: sessions.id });
    return { removed: deleted.length, files: [], accounts: [] };
  },
  deliveryLogs: async (tx, due, limit) => {
    const ids = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(due)
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.id, ids), due))
      .returning({ id: mailOutbox.id });
    return { removed: deleted.length, files: [], accounts: [] };
  },
  auditLog: async (tx, due, limit) => {
    const ids = tx
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(due)
      .orderBy(asc(adminAuditLog.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(adminAuditLog)
      .where(and(inArray(adminAuditLog.id, ids), due))
      .returning({ id: adminAuditLog.id });
    return { removed: deleted.length, files: [], accounts: [] };
  },
  consentRecords: async (tx, due, limit) => {
    const ids = tx
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(due)
      .orderBy(asc(consentRecords.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(consentRecords)
      .where(and(inArray(consentRecords.id, ids), due))
      .returning({ id: consentRecords.id });
    return { removed: deleted.length, files: [], accounts: [] };
  },
};

const TABLES = {
  unconfirmedAccounts: users,
  rejectedApplications: memberships,
  paymentProofs: duesPayments,
  statementNames: duesStatements,
  sessions,
  deliveryLogs: mailOutbox,
  auditLog: adminAuditLog,
  consentRecords,
} as const;

const emptyReport = (date: string): RetentionReport => ({
  date,
  unconfirmedAccounts: 0,
  rejectedApplications: 0,
  paymentProofs: 0,
  sessions: 0,
  deliveryLogs: 0,
  auditLog: 0,
  statementNames: 0,
  consentRecords: 0,
  accounts: [],
  filesNotRemoved: 0,
});

/**
 * Applies the retention schedule as of `now` (docs/product-rules.md "Retention schedule",
 * docs/decisions/069): each kind in batches, each batch its own transaction, its files deleted
 * from the storage only after it commits. What is due is a predicate on the rows, not a list made
 * at the start, so a run that stops (a crash, the server closing) and is run again removes what
 * is left, nothing twice. A dry run counts what is due and lists the accounts, and writes nothing.
 */
export async function applyRetention(
  { db, storage }: { db: Db; storage: Pick<Storage, 'remove'> },
  now: Date,
  { dryRun = false, batchSize = RETENTION_BATCH_SIZE, signal, afterBatch, log }: RetentionOptions = {},
): Promise<RetentionReport> {
  const report = emptyReport(manilaDateString(now));
  const due = duePredicates(retentionCutoffs(now));

  if (dryRun) {
    for (const kind of Object.keys(BATCHES) as RetentionKind[]) {
      const [row] = await db.select({ count: count() }).from(TABLES[kind]).where(due[kind]);
      report[kind] = row?.count ?? 0;
    }
    const accounts = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(due.unconfirmedAccounts)
      .orderBy(asc(users.id));
    report.accounts = accounts.map((user) => `${user.id} ${user.email}`);
    return report;
  }

  for (const kind of Object.keys(BATCHES) as RetentionKind[]) {
    for (;;) {
      signal?.throwIfAborted();
      const batch = await db.transaction((tx) => BATCHES[kind](tx, due[kind], batchSize));
      for (const path of batch.files) {
        try {
          await storage.remove(path);
        } catch (error) {
          report.filesNotRemoved += 1;
          log?.warn({ err: error, path }, 'retention: a file whose record was removed could not be deleted');
        }
      }
      report[kind] += batch.removed;
      report.accounts.push(...batch.accounts);
      await afterBatch?.(kind, batch.removed);
      if (batch.removed < batchSize) break;
    }
  }
  return report;
}
