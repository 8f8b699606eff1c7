import { PassThrough, type Readable } from 'node:stream';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_VALID_MS,
  type DataExport,
  dataExportPagePath,
  displayName,
  formatDate,
  manilaDateString,
  statementLabel,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  adminAuditLog,
  consentRecords,
  cpdCertificates,
  cpdExternalUnits,
  type DataExportRow,
  dataExports,
  directoryEntries,
  directoryMessages,
  duesCheckouts,
  duesPayments,
  duesReminderPauses,
  duesReminders,
  duesStatements,
  eventCheckIns,
  eventCpdRoles,
  eventEvaluationResponses,
  eventRegistrations,
  eventStaff,
  events,
  eventWaitlist,
  mailOutbox,
  meetingNominations,
  meetingProxies,
  meetingRollCorrections,
  meetingRollEntries,
  meetings,
  meetingVotes,
  membershipCards,
  memberships,
  newsLikes,
  passkeys,
  prcDetails,
  prcLicences,
  representatives,
  sessions,
  userRoles,
  users,
  userTotp,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { accountLinkEmail } from '../../lib/mail/templates';
import type { Storage, StoredFileContent } from '../../lib/storage';
import { loadOrCreateJwtSecret } from '../../lib/tokens';
import { renderCertificatePdf } from '../cpd';
import { receiptPdf, statementPdf } from '../dues';
import { cardKeyOf, readOwnCard, renderCardPng } from '../member-cards';

/**
 * "Download my data" (docs/product-rules.md "Privacy", docs/decisions/067): the request, the job
 * that builds one ZIP per export (its `data.json` and the documents as issued), streamed to a
 * private file, the e-mail with the link, and the owner's download.
 */

/** The job that builds exports and removes expired ones (modules/jobs/registry.ts). */
export const DATA_EXPORTS_JOB = 'privacy-exports';

/** How long a claimed export is held by the process building it; a lapsed one is claimed again. */
const BUILD_LEASE_MS = 15 * 60_000;

export type ExportContext = {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'auth'>;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An export as its owner sees it; a ready one past its time reads as expired before the job removes it. */
export function dataExportView(row: DataExportRow, now = new Date()): DataExport {
  const lapsed = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    status: lapsed ? 'expired' : row.status,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: iso(row.expiresAt),
    byteSize: row.byteSize,
  };
}

/**
 * POST /api/me/data-export: a new export, or the person's export already queued or running (at
 * most one at a time, held by the partial unique index, so two requests at once make one).
 */
export async function requestDataExport(db: Db, userId: string): Promise<DataExport> {
  // The export in progress that refused the insert may finish before it is read: then the
  // insert is tried again (a run builds an export in seconds, so once more is almost always it).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [created] = await db.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
    if (created) return dataExportView(created);
    const [inProgress] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['queued', 'running'])));
    if (inProgress) return dataExportView(inProgress);
  }
  throw new Error('The export was neither made nor found');
}

/** GET /api/me/data-export: the person's latest export, or null. */
export async function latestDataExport(db: Db, userId: string): Promise<DataExport | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ? dataExportView(row) : null;
}

/** GET /api/me/data-export/{id}: one of the person's exports; another account's is 404. */
export async function readDataExport(db: Db, userId: string, id: string): Promise<DataExport> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) throw notFound(DATA_EXPORT_MESSAGES.notFound);
  return dataExportView(row);
}

/**
 * GET /api/me/data-export/{id}/download: the ZIP, to its owner only. Another account's export is
 * 404 like an unknown one (its existence is nobody else's business); past its 7 days 410; one
 * not built yet or failed 409.
 */
export async function openDataExport(
  { db, storage }: Pick<ExportContext, 'db' | 'storage'>,
  userId: string,
  id: string,
  now = new Date(),
): Promise<{ file: StoredFileContent; row: DataExportRow }> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) throw notFound(DATA_EXPORT_MESSAGES.notFound);
  const view = dataExportView(row, now);
  if (view.status === 'expired') throw new AppError(410, DATA_EXPORT_MESSAGES.expired, { code: 'expired' });
  if (view.status === 'failed') throw new AppError(409, DATA_EXPORT_MESSAGES.failed, { code: 'failed' });
  if (view.status !== 'ready' || !row.fileReference)
    throw new AppError(409, DATA_EXPORT_MESSAGES.notReady, { code: 'not_ready' });
  const file = await storage.read(row.fileReference);
  if (!file) throw new AppError(410, DATA_EXPORT_MESSAGES.expired, { code: 'expired' });
  return { file, row };
}

/** Columns no export carries: secrets that prove nothing to the person and would help a thief. */
const SECRET_KEYS = new Set([
  'passwordHash',
  'searchText',
  'tokenHash',
  'secret',
  'publicKey',
  'credentialId',
]);
const withoutSecrets = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_KEYS.has(key))));

/**
 * Awaits Drizzle's queries one after another (each runs when awaited): a transaction is one
 * connection, which takes one query at a time.
 */
async function oneAfterAnother<T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * Every record about the person (docs/product-rules.md "Privacy"), with the PRC number in full:
 * it is their own. Read in one repeatable-read transaction, so the parts agree with each other.
 */
async function collectRecords(db: Db, userId: string) {
  return db.transaction(
    async (tx) => {
      const [account] = await tx.select().from(users).where(eq(users.id, userId));
      if (!account) throw new Error('The account no longer exists');
      const statementRows = await tx
        .select()
        .from(duesStatements)
        .where(eq(duesStatements.userId, userId))
        .orderBy(asc(duesStatements.createdAt));
      const statementIds = statementRows.map((row) => row.id);
      const registrationRows = await tx
        .select({
          registration: eventRegistrations,
          event: { title: events.title, startDate: events.start_date },
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.event_id))
        .where(eq(eventRegistrations.user_id, userId))
        .orderBy(asc(eventRegistrations.created_at));
      const registrationIds = registrationRows.map((row) => row.registration.id);
      const byStatement = statementIds.length > 0;
      const byRegistration = registrationIds.length > 0;
      const [
        roles,
        prc,
        membershipRows,
        cards,
        representativeRows,
        paymentRows,
        checkoutRows,
        reminderRows,
        reminderPause,
        checkInRows,
        cpdRoleRows,
        evaluationRows,
        waitlistRows,
        staffRows,
        certificateRows,
        consentRows,
        sessionRows,
        totp,
        passkeyRows,
        likeRows,
        auditRows,
        mailRows,
        licenceRows,
        externalUnitRows,
      ] = await oneAfterAnother([
        tx
          .select({ role: userRoles.role, since: userRoles.createdAt })
          .from(userRoles)
          .where(eq(userRoles.userId, userId)),
        tx.select().from(prcDetails).where(eq(prcDetails.user_id, userId)),
        tx
          .select()
          .from(memberships)
          .where(eq(memberships.userId, userId))
          .orderBy(asc(memberships.createdAt)),
        tx
          .select({ membershipId: membershipCards.membershipId, createdAt: membershipCards.createdAt })
          .from(membershipCards)
          .innerJoin(memberships, eq(memberships.id, membershipCards.membershipId))
          .where(eq(memberships.userId, userId)),
        tx.select().from(representatives).where(eq(representatives.userId, userId)),
        byStatement
          ? tx
              .select()
              .from(duesPayments)
              .where(inArray(duesPayments.statementId, statementIds))
              .orderBy(asc(duesPayments.createdAt))
          : [],
        byStatement
          ? tx.select().from(duesCheckouts).where(inArray(duesCheckouts.statementId, statementIds))
          : [],
        tx.select().from(duesReminders).where(eq(duesReminders.userId, userId)),
        tx.select().from(duesReminderPauses).where(eq(duesReminderPauses.userId, userId)),
        byRegistration
          ? tx.select().from(eventCheckIns).where(inArray(eventCheckIns.registration_id, registrationIds))
          : [],
        byRegistration
          ? tx.select().from(eventCpdRoles).where(inArray(eventCpdRoles.registration_id, registrationIds))
          : [],
        byRegistration
          ? tx
              .select()
              .from(eventEvaluationResponses)
              .where(inArray(eventEvaluationResponses.registration_id, registrationIds))
          : [],
        tx.select().from(eventWaitlist).where(eq(eventWaitlist.user_id, userId)),
        tx.select().from(eventStaff).where(eq(eventStaff.user_id, userId)),
        tx
          .select()
          .from(cpdCertificates)
          .where(eq(cpdCertificates.user_id, userId))
          .orderBy(asc(cpdCertificates.number)),
        tx
          .select()
          .from(consentRecords)
          .where(eq(consentRecords.userId, userId))
          .orderBy(asc(consentRecords.seq)),
        tx
          .select({
            id: sessions.id,
            userAgent: sessions.userAgent,
            ip: sessions.ip,
            createdAt: sessions.createdAt,
            lastUsedAt: sessions.lastUsedAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
        tx.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)),
        tx
          .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
          .from(passkeys)
          .where(eq(passkeys.userId, userId)),
        tx.select().from(newsLikes).where(eq(newsLikes.user_id, userId)),
        tx
          .select({
            action: adminAuditLog.action,
            changes: adminAuditLog.changes,
            createdAt: adminAuditLog.createdAt,
          })
          .from(adminAuditLog)
          .where(eq(adminAuditLog.userId, userId))
          .orderBy(asc(adminAuditLog.createdAt)),
        // The mail kept in the outbox (a month, lib/housekeeping.ts) sent to the person's addresses.
        tx
          .select({
            to: mailOutbox.toAddress,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(
            sql`lower(${mailOutbox.toAddress}) in (${sql.join(
              [account.email, account.billingEmail]
                .filter((address): address is string => Boolean(address))
                .map((address) => sql`${address.toLowerCase()}`),
              sql`, `,
            )})`,
          )
          .orderBy(asc(mailOutbox.createdAt)),
        // The CPD transcript's licences and the units earned elsewhere (decision 070).
        tx.select().from(prcLicences).where(eq(prcLicences.user_id, userId)),
        tx
          .select()
          .from(cpdExternalUnits)
          .where(eq(cpdExternalUnits.user_id, userId))
          .orderBy(asc(cpdExternalUnits.completed_on)),
      ]);
      // The member directory (decision 072): the listing and the messages sent and received.
      const [directoryEntry] = await tx
        .select()
        .from(directoryEntries)
        .where(eq(directoryEntries.userId, userId));
      const directoryMessagesSent = await tx
        .select({ body: directoryMessages.body, createdAt: directoryMessages.createdAt })
        .from(directoryMessages)
        .where(eq(directoryMessages.senderId, userId))
        .orderBy(asc(directoryMessages.createdAt));
      const directoryMessagesReceived = directoryEntry
        ? await tx
            .select({ body: directoryMessages.body, createdAt: directoryMessages.createdAt })
            .from(directoryMessages)
            .where(eq(directoryMessages.entryId, directoryEntry.id))
            .orderBy(asc(directoryMessages.createdAt))
        : [];
      // Meetings (decision 071): the person's places on the rolls, whether they voted and how
      // (in person or by proxy), their corrections, nominations and proxies. Never a ballot's
      // choice: no record ties one to them.
      const rollRows = await tx
        .select({
          entry: meetingRollEntries,
          meeting: { title: meetings.title, startsAt: meetings.startsAt },
        })
        .from(meetingRollEntries)
        .innerJoin(meetings, eq(meetings.id, meetingRollEntries.meetingId))
        .where(eq(meetingRollEntries.userId, userId))
        .orderBy(asc(meetings.startsAt));
      const entryIds = rollRows.map((row) => row.entry.id);
      const byEntry = entryIds.length > 0;
      const [voteRows, correctionRows, nominationRows, proxyRows] = await oneAfterAnother([
        byEntry ? tx.select().from(meetingVotes).where(inArray(meetingVotes.entryId, entryIds)) : [],
        tx.select().from(meetingRollCorrections).where(eq(meetingRollCorrections.userId, userId)),
        byEntry
          ? tx
              .select()
              .from(meetingNominations)
              .where(
                or(
                  inArray(meetingNominations.nomineeEntryId, entryIds),
                  inArray(meetingNominations.nominatorEntryId, entryIds),
                ),
              )
          : [],
        byEntry
          ? tx
              .select()
              .from(meetingProxies)
              .where(
                or(
                  inArray(meetingProxies.grantorEntryId, entryIds),
                  inArray(meetingProxies.holderEntryId, entryIds),
                ),
              )
          : [],
      ]);
      return {
        account,
        statements: statementRows,
        payments: paymentRows,
        certificates: certificateRows,
        cards,
        data: {
          exportedAt: new Date().toISOString(),
          profile: {
            ...withoutSecrets([account])[0],
            name: displayName(account),
            roles,
            prcDetails: prc[0] ?? null,
            twoStepSignIn: { authenticatorApp: totp.length > 0, passkeys: passkeyRows },
          },
          memberships: membershipRows,
          membershipCards: cards,
          representatives: representativeRows,
          statements: statementRows,
          payments: paymentRows,
          onlineCheckouts: checkoutRows,
          duesReminders: reminderRows,
          duesRemindersPaused: reminderPause[0] ?? null,
          registrations: registrationRows.map((row) => ({ ...row.registration, event: row.event })),
          checkIns: checkInRows,
          cpdRoles: cpdRoleRows,
          evaluations: evaluationRows,
          waitlist: waitlistRows,
          checkInStaff: staffRows,
          certificates: certificateRows,
          prcLicences: licenceRows,
          externalCpdUnits: externalUnitRows,
          consents: consentRows,
          sessions: sessionRows,
          newsLikes: likeRows,
          staffActionsAboutYou: auditRows,
          mail: mailRows,
          directory: {
            entry: directoryEntry ?? null,
            messagesSent: directoryMessagesSent,
            messagesReceived: directoryMessagesReceived,
          },
          meetings: {
            rolls: rollRows.map((row) => ({ ...row.entry, meeting: row.meeting })),
            voted: voteRows,
            rollCorrections: correctionRows,
            nominations: nominationRows,
            proxies: proxyRows,
          },
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A file name safe in any ZIP reader: the printed number, with anything else replaced. */
const entryName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * Writes one export's ZIP to a stream: `data.json`, then each document as issued, rendered one
 * at a time and handed to the ZIP as it is drawn, so memory holds one document, not all of them.
 */
async function writeZip(context: ExportContext, userId: string, zip: ZipFile, now: Date) {
  const { db, storage, config } = context;
  const records = await collectRecords(db, userId);
  zip.addBuffer(Buffer.from(JSON.stringify(records.data, null, 2)), 'data.json', { mtime: now });
  for (const statement of records.statements) {
    if (!statement.number) continue;
    const pdf = await statementPdf(db, storage, statement);
    zip.addBuffer(Buffer.from(pdf), `statements/${entryName(statementLabel(statement))}.pdf`, { mtime: now });
  }
  const statementsById = new Map(records.statements.map((statement) => [statement.id, statement]));
  for (const payment of records.payments) {
    const statement = statementsById.get(payment.statementId);
    if (!payment.receiptNumber || !statement) continue;
    const pdf = await receiptPdf(db, statement, payment);
    zip.addBuffer(Buffer.from(pdf), `receipts/${entryName(payment.receiptNumber)}.pdf`, { mtime: now });
  }
  for (const certificate of records.certificates) {
    const pdf = await renderCertificatePdf(certificate, config.publicUrl);
    zip.addBuffer(pdf, `certificates/${entryName(certificate.number)}.pdf`, { mtime: now });
  }
  // The card as the profile shows it, when the member has one and is in good standing (a card is
  // never made here: the export only copies what was issued).
  if (records.cards.length > 0) {
    try {
      const card = await readOwnCard(
        { db, config, cardKey: cardKeyOf(loadOrCreateJwtSecret(config)) },
        userId,
        now,
      );
      zip.addBuffer(await renderCardPng(card), 'membership-card.png', { mtime: now });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  zip.end();
  return records.account;
}

/** Builds one claimed export: the ZIP to a private file, the row ready, the e-mail queued. */
async function buildExport(context: ExportContext, row: DataExportRow, now: Date) {
  const { db, storage, config } = context;
  const zip = new ZipFile();
  const output = new PassThrough();
  (zip.outputStream as Readable).pipe(output);
  const saving = storage.savePrivateStream(output, 'zip');
  // Its failure is thrown below, where it is awaited; until then it must not count as unhandled.
  saving.catch(() => {});
  let account: Awaited<ReturnType<typeof writeZip>>;
  try {
    account = await writeZip(context, row.userId, zip, now);
  } catch (error) {
    output.destroy(error as Error);
    await saving.catch(() => {});
    throw error;
  }
  const stored = await saving;
  const finishedAt = new Date();
  const expiresAt = new Date(finishedAt.getTime() + DATA_EXPORT_VALID_MS);
  const link = `${config.publicUrl}${dataExportPagePath(row.id)}`;
  const mail = accountLinkEmail({
    subject: DATA_EXPORT_MESSAGES.mailSubject,
    username: displayName(account),
    link,
    intro: DATA_EXPORT_MESSAGES.mailIntro(formatDate(manilaDateString(expiresAt))),
    action: DATA_EXPORT_MESSAGES.mailAction,
    expiry: DATA_EXPORT_MESSAGES.mailExpiry,
    ignore: DATA_EXPORT_MESSAGES.mailIgnore,
  });
  const saved = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        fileReference: stored.reference,
        byteSize: stored.byteSize,
        finishedAt,
        expiresAt,
        lockedUntil: null,
        error: null,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'running')))
      .returning({ id: dataExports.id });
    if (!updated) return false;
    await queueMail(tx, { to: account.email, ...mail });
    return true;
  });
  // Another process took the export over (this one outlived its lease): its file is the one kept.
  if (!saved) await storage.remove(stored.reference);
  return saved;
}

/**
 * Claims the oldest export waiting to be built, once across processes (`for update skip locked`):
 * a queued one, or a running one whose builder's lease lapsed.
 */
async function claimNextExport(db: Db): Promise<DataExportRow | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, 'queued'),
          and(eq(dataExports.status, 'running'), lte(dataExports.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(dataExports.requestedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [claimed] = await tx
      .update(dataExports)
      .set({
        status: 'running',
        startedAt: sql`now()`,
        lockedUntil: sql`now() + ${BUILD_LEASE_MS}::integer * interval '1 millisecond'`,
      })
      .where(eq(dataExports.id, next.id))
      .returning();
    return claimed ?? null;
  });
}

/** Removes the ZIPs of exports whose 7 days are over (`date` is the run's time). */
async function removeExpiredExports({ db, storage }: Pick<ExportContext, 'db' | 'storage'>, date: Date) {
  const expired = await db
    .select({ id: dataExports.id, fileReference: dataExports.fileReference })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, date)));
  for (const row of expired) {
    if (row.fileReference) await storage.remove(row.fileReference);
    await db
      .update(dataExports)
      .set({ status: 'expired', fileReference: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')));
  }
  return expired.length;
}

/**
 * The `privacy-exports` job: removes expired ZIPs, then builds every export waiting, one at a
 * time, until none is left (an export asked while the run goes on is built by the same run). A
 * build that fails is recorded (`failed`, its error) and the person may ask again.
 */
export async function runDataExports(
  context: ExportContext,
  date: Date,
  { signal, onMail }: { signal?: AbortSignal; onMail?: () => void } = {},
) {
  const removed = await removeExpiredExports(context, date);
  let built = 0;
  let failed = 0;
  while (!signal?.aborted) {
    const row = await claimNextExport(context.db);
    if (!row) break;
    try {
      if (await buildExport(context, row, date)) {
        built += 1;
        onMail?.();
      }
    } catch (error) {
      failed += 1;
      await context.db
        .update(dataExports)
        .set({
          status: 'failed',
          finishedAt: new Date(),
          lockedUntil: null,
          error: error instanceof Error ? error.message : String(error),
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'running')));
    }
  }
  return { built, failed, removed };
}
