import {
  addToDate,
  erasedEmail,
  manilaDateString,
  RETENTION_REPLACED_PERSON,
  type RetentionKind,
} from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  consentRecords,
  duesPayments,
  duesReminders,
  duesStatements,
  emailTokens,
  mailOutbox,
  memberships,
  privacyRequests,
  sessions,
  uploadedFiles,
  users,
} from '../../db/schema';
import { createStorage, type Storage } from '../../lib/storage';
import { createMembership, createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { applyRetention } from './retention';

// The retention schedule on a fake clock (docs/decisions/069): every date below is relative to NOW.
const NOW = new Date('2026-12-03T04:00:00Z');
const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);
const yearsBefore = (years: number, plusDays = 0) => {
  const date = new Date(NOW);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() + plusDays * DAY);
};

let context: Awaited<ReturnType<typeof buildTestApp>>;
let storage: Storage;
beforeAll(async () => {
  context = await buildTestApp();
  storage = createStorage(context.config.storage);
});
afterAll(async () => {
  storage?.close();
  await context?.close();
});

const unconfirmed = (createdAt: Date, fields: Parameters<typeof createUser>[1] = {}) =>
  createUser(context.db, { password: null, status: 'pending', emailConfirmedAt: null, createdAt, ...fields });

const exists = async (table: typeof users | typeof memberships, id: string) =>
  (await context.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

async function paymentWithProof(paidOn: string) {
  const owner = await createUser(context.db);
  const membership = await createMembership(context.db, owner.id);
  const number = `SOA-T-${Math.random().toString(36).slice(2, 10)}`;
  const [statement] = await context.db
    .insert(duesStatements)
    .values({
      number,
      kind: 'new_member',
      status: 'paid',
      userId: owner.id,
      membershipId: membership.id,
      category: 'Individual',
      months: 12,
      amountCentavos: 100_000,
      issuedOn: paidOn,
      dueOn: paidOn,
      billedName: 'Test Person',
      billedEmail: owner.email,
    })
    .returning();
  const proof = await storage.savePrivate(Buffer.from(`proof of ${paidOn}`), 'pdf');
  const [payment] = await context.db
    .insert(duesPayments)
    .values({
      statementId: statement?.id as string,
      status: 'recorded',
      method: 'GCash',
      amountCentavos: 100_000,
      paidOn,
      receiptNumber: `OR-T-${Math.random().toString(36).slice(2, 10)}`,
      proofPath: proof.reference,
      proofType: 'application/pdf',
    })
    .returning();
  return {
    statement: statement as typeof duesStatements.$inferSelect,
    payment: payment as typeof duesPayments.$inferSelect,
    proof,
  };
}

/** A statement issued on `issuedOn` billing a company at its address, with a reminder to each of its two addresses. */
async function billedStatement(issuedOn: string, billedEmail = 'billing@company.example') {
  const owner = await createUser(context.db);
  const [statement] = await context.db
    .insert(duesStatements)
    .values({
      number: `SOA-T-${Math.random().toString(36).slice(2, 10)}`,
      kind: 'semester',
      status: 'paid',
      userId: owner.id,
      category: 'Regular',
      months: 6,
      amountCentavos: 750_000,
      issuedOn,
      dueOn: issuedOn,
      billedName: 'Cordillera Copper Inc.',
      billedEmail,
      billedAddress: 'Baguio City',
      billedTin: '123-456-789-000',
    })
    .returning();
  const statementId = statement?.id as string;
  await context.db.insert(duesReminders).values(
    (['member', 'billing'] as const).map((role) => ({
      statementId,
      userId: owner.id,
      offsetDays: -7,
      role,
      email: `${role}-${statementId}@company.example`,
      runDate: issuedOn,
    })),
  );
  return statementId;
}

const statementById = async (id: string) =>
  (await context.db.select().from(duesStatements).where(eq(duesStatements.id, id)))[0];
const remindersOf = async (id: string) =>
  context.db.select().from(duesReminders).where(eq(duesReminders.statementId, id));

/** An account erased (its placeholder kept, decision 068) at `erasedAt`, with its consent records. */
async function erasedAccount(erasedAt: Date) {
  const account = await createUser(context.db);
  await context.db.insert(privacyRequests).values({
    userId: account.id,
    kind: 'erasure',
    status: 'approved',
    details: 'Please erase my account',
    requestedAt: erasedAt,
    dueAt: erasedAt,
    resolvedAt: erasedAt,
  });
  return account.id;
}
const consentsOf = async (userId: string) =>
  context.db.select().from(consentRecords).where(eq(consentRecords.userId, userId));

async function session(createdAt: Date) {
  const owner = await createUser(context.db);
  const [row] = await context.db
    .insert(sessions)
    .values({ userId: owner.id, createdAt, expiresAt: new Date(NOW.getTime() + 30 * DAY) })
    .returning();
  return row?.id as string;
}

async function mail(status: 'failed' | 'withdrawn' | 'sent', createdAt: Date) {
  const [row] = await context.db
    .insert(mailOutbox)
    .values({
      toAddress: 'someone@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      status,
      createdAt,
      sentAt: status === 'sent' ? createdAt : null,
    })
    .returning();
  return row?.id as string;
}

async function auditRow(createdAt: Date) {
  const [row] = await context.db
    .insert(adminAuditLog)
    .values({
      actorUsername: 'admin',
      actorEmail: 'admin@example.com',
      userId: crypto.randomUUID(),
      username: 'someone',
      email: 'someone@example.com',
      action: 'user_updated',
      changes: {},
      createdAt,
    })
    .returning();
  return row?.id as string;
}

describe('the retention job', () => {
  it('removes each kind on its boundary, keeps it a day before; the dry run counts the same and writes nothing', async () => {
    // Accounts never confirmed: 30 days after registration.
    const dueAccount = await unconfirmed(daysBefore(30));
    const youngAccount = await unconfirmed(daysBefore(29));
    const staffAccount = await unconfirmed(daysBefore(400), { type: 'admin', roles: ['secretariat'] });
    const confirmedOld = await createUser(context.db, { createdAt: daysBefore(400) });
    await context.db.insert(emailTokens).values({
      userId: dueAccount.id,
      purpose: 'confirm_email',
      tokenHash: `hash-${dueAccount.id}`,
      expiresAt: daysBefore(29),
    });
    const avatar = await storage.save(Buffer.from('an avatar'), 'webp');
    await context.db.insert(uploadedFiles).values({
      storageKey: avatar.storageKey,
      publicPath: avatar.publicPath,
      contentType: 'image/webp',
      byteSize: 9,
      ownerType: 'user',
      ownerId: dueAccount.id,
      position: 0,
    });
    await context.db.update(users).set({ avatarUrl: avatar.publicPath }).where(eq(users.id, dueAccount.id));

    // Rejected applications: 1 year after the decision.
    const applicant = await createUser(context.db);
    const rejected = (updatedAt: Date) =>
      createMembership(context.db, applicant.id, {
        status: 'rejected',
        startsAt: null,
        expiresAt: null,
        updatedAt,
      });
    const dueRejection = await rejected(yearsBefore(1));
    const youngRejection = await rejected(yearsBefore(1, 1));
    const oldApproved = await createMembership(context.db, applicant.id, { updatedAt: yearsBefore(3) });

    // Payment proofs: 5 years after the day paid (a Manila day).
    const today = manilaDateString(NOW);
    const dueProof = await paymentWithProof(addToDate(today, { months: -60 }));
    const youngProof = await paymentWithProof(addToDate(addToDate(today, { months: -60 }), { days: 1 }));

    // Sessions: 90 days after the sign-in.
    const dueSession = await session(daysBefore(90));
    const youngSession = await session(daysBefore(89));

    // Undelivered mail: 1 year; delivered mail is housekeeping's, after 30 days.
    const dueFailed = await mail('failed', yearsBefore(1));
    const dueWithdrawn = await mail('withdrawn', yearsBefore(2));
    const youngFailed = await mail('failed', yearsBefore(1, 1));
    const oldSent = await mail('sent', yearsBefore(2));

    // The audit log: 10 years.
    const dueAudit = await auditRow(yearsBefore(10));
    const youngAudit = await auditRow(yearsBefore(10, 1));

    // Statements: 10 years after the day issued, the person is no longer printed; an erased
    // account's statement keeps its placeholder.
    const dueStatement = await billedStatement(addToDate(today, { months: -120 }));
    const youngStatement = await billedStatement(addToDate(addToDate(today, { months: -120 }), { days: 1 }));
    const erasedStatement = await billedStatement(
      addToDate(today, { months: -150 }),
      erasedEmail('2014-0001'),
    );

    // Consent records: 3 years after the account closed (was erased); a live account's stay.
    const closedLongAgo = await erasedAccount(yearsBefore(3));
    const closedRecently = await erasedAccount(yearsBefore(3, 1));
    const liveOld = await createUser(context.db, { createdAt: yearsBefore(8) });
    await context.db
      .update(consentRecords)
      .set({ createdAt: yearsBefore(8) })
      .where(inArray(consentRecords.userId, [closedLongAgo, closedRecently, liveOld.id]));
    const closedLongAgoConsents = (await consentsOf(closedLongAgo)).length;
    expect(closedLongAgoConsents).toBeGreaterThan(0);

    const expected: Record<RetentionKind, number> = {
      unconfirmedAccounts: 1,
      rejectedApplications: 1,
      paymentProofs: 1,
      statementNames: 1,
      sessions: 1,
      deliveryLogs: 2,
      auditLog: 1,
      consentRecords: closedLongAgoConsents,
    };

    const dry = await applyRetention({ db: context.db, storage }, NOW, { dryRun: true });
    expect(dry).toMatchObject({
      date: today,
      ...expected,
      accounts: [`${dueAccount.id} ${dueAccount.email}`],
    });
    // Nothing written.
    expect(await exists(users, dueAccount.id)).toBe(true);
    expect(await exists(memberships, dueRejection.id)).toBe(true);
    expect(await storage.read(dueProof.proof.reference)).not.toBeNull();
    expect(await storage.read(avatar.publicPath)).not.toBeNull();

    const run = await applyRetention({ db: context.db, storage }, NOW);
    expect(run).toEqual(dry);

    expect(await exists(users, dueAccount.id)).toBe(false);
    expect(await exists(users, youngAccount.id)).toBe(true);
    expect(await exists(users, staffAccount.id)).toBe(true);
    expect(await exists(users, confirmedOld.id)).toBe(true);
    // What hung on the account went with it: its link, its consents, its picture and the file.
    expect(await context.db.select().from(emailTokens).where(eq(emailTokens.userId, dueAccount.id))).toEqual(
      [],
    );
    expect(
      await context.db.select().from(consentRecords).where(eq(consentRecords.userId, dueAccount.id)),
    ).toEqual([]);
    expect(
      await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, avatar.publicPath)),
    ).toEqual([]);
    expect(await storage.read(avatar.publicPath)).toBeNull();

    expect(await exists(memberships, dueRejection.id)).toBe(false);
    expect(await exists(memberships, youngRejection.id)).toBe(true);
    expect(await exists(memberships, oldApproved.id)).toBe(true);

    // The paid statement and its payment stay, with their numbers; only the proof went.
    const [payment] = await context.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.id, dueProof.payment.id));
    expect(payment).toMatchObject({
      proofPath: null,
      proofType: null,
      receiptNumber: dueProof.payment.receiptNumber,
      amountCentavos: 100_000,
    });
    const [statement] = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.id, dueProof.statement.id));
    expect(statement).toMatchObject({ number: dueProof.statement.number, status: 'paid' });
    expect(await storage.read(dueProof.proof.reference)).toBeNull();
    const [kept] = await context.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.id, youngProof.payment.id));
    expect(kept?.proofPath).toBe(youngProof.proof.reference);
    expect(await storage.read(youngProof.proof.reference)).not.toBeNull();

    // The statement stays with its number and amount, without the person; its reminders went.
    expect(await statementById(dueStatement)).toMatchObject({
      status: 'paid',
      amountCentavos: 750_000,
      billedName: RETENTION_REPLACED_PERSON.name,
      billedEmail: RETENTION_REPLACED_PERSON.email,
      billedAddress: null,
      billedTin: null,
    });
    expect(await remindersOf(dueStatement)).toEqual([]);
    expect(await statementById(youngStatement)).toMatchObject({
      billedName: 'Cordillera Copper Inc.',
      billedAddress: 'Baguio City',
    });
    expect(await remindersOf(youngStatement)).toHaveLength(2);
    expect(await statementById(erasedStatement)).toMatchObject({
      billedName: 'Cordillera Copper Inc.',
      billedEmail: erasedEmail('2014-0001'),
    });

    expect(await consentsOf(closedLongAgo)).toEqual([]);
    expect((await consentsOf(closedRecently)).length).toBeGreaterThan(0);
    expect((await consentsOf(liveOld.id)).length).toBeGreaterThan(0);

    const sessionIds = (await context.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(sessionIds).not.toContain(dueSession);
    expect(sessionIds).toContain(youngSession);

    const mailIds = (
      await context.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [dueFailed, dueWithdrawn, youngFailed, oldSent]))
    ).map((row) => row.id);
    expect(mailIds.sort()).toEqual([youngFailed, oldSent].sort());

    const auditIds = (
      await context.db
        .select({ id: adminAuditLog.id })
        .from(adminAuditLog)
        .where(inArray(adminAuditLog.id, [dueAudit, youngAudit]))
    ).map((row) => row.id);
    expect(auditIds).toEqual([youngAudit]);

    // The same day again finds nothing more.
    const again = await applyRetention({ db: context.db, storage }, NOW);
    expect(again).toMatchObject({
      unconfirmedAccounts: 0,
      rejectedApplications: 0,
      paymentProofs: 0,
      sessions: 0,
      deliveryLogs: 0,
      auditLog: 0,
      statementNames: 0,
      consentRecords: 0,
      accounts: [],
    });
    // A day later, what was a day young is due.
    const nextDay = await applyRetention({ db: context.db, storage }, new Date(NOW.getTime() + DAY), {
      dryRun: true,
    });
    expect(nextDay).toMatchObject({
      unconfirmedAccounts: 1,
      rejectedApplications: 1,
      paymentProofs: 1,
      sessions: 1,
      deliveryLogs: 1,
      auditLog: 1,
      statementNames: 1,
      consentRecords: (await consentsOf(closedRecently)).length,
    });
  });

  it('stopped after its first batch and run again, removes everything due once', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => unconfirmed(daysBefore(45))));
    const applicant = await createUser(context.db);
    await Promise.all(
      [1, 2, 3].map(() =>
        createMembership(context.db, applicant.id, { status: 'rejected', updatedAt: yearsBefore(2) }),
      ),
    );
    const before = await applyRetention({ db: context.db, storage }, NOW, { dryRun: true });
    expect(before).toMatchObject({ unconfirmedAccounts: 5, rejectedApplications: 3 });

    const removedInFirst: number[] = [];
    await expect(
      applyRetention({ db: context.db, storage }, NOW, {
        batchSize: 2,
        afterBatch: (_kind, removed) => {
          removedInFirst.push(removed);
          throw new Error('the server stopped');
        },
      }),
    ).rejects.toThrow('the server stopped');
    expect(removedInFirst).toEqual([2]);

    const rerun = await applyRetention({ db: context.db, storage }, NOW, { batchSize: 2 });
    expect(rerun.unconfirmedAccounts + (removedInFirst[0] ?? 0)).toBe(5);
    expect(rerun.rejectedApplications).toBe(3);
    for (const account of accounts) expect(await exists(users, account.id)).toBe(false);
    const after = await applyRetention({ db: context.db, storage }, NOW, { dryRun: true });
    expect(after).toMatchObject({ unconfirmedAccounts: 0, rejectedApplications: 0 });
  });

  it('an aborted run stops between batches; the next removes the rest', async () => {
    await Promise.all([1, 2, 3].map(() => unconfirmed(daysBefore(60))));
    const controller = new AbortController();
    controller.abort();
    await expect(
      applyRetention({ db: context.db, storage }, NOW, { signal: controller.signal }),
    ).rejects.toThrow();
    expect((await applyRetention({ db: context.db, storage }, NOW)).unconfirmedAccounts).toBe(3);
  });
});
