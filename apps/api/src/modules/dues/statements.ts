import {
  addToDate,
  buildPagination,
  DUES_MESSAGES,
  type DuesStatementKind,
  type DuesStatementListQuery,
  type DuesStatementView,
  displayName,
  formatCentavos,
  formatDate,
  type IssueStatement,
  MEMBERSHIP_PERIOD_MONTHS,
  manilaDateString,
  paidThroughOf,
  SECOND_SEMESTER_DUE_DAYS,
  SEMESTER_NOTICE_DAYS,
  SEMESTRAL_PERIOD_MONTHS,
  STAFF_AREAS,
  sitePaths,
  startOfManilaDay,
  statementLabel,
  UNPAID_STATEMENT_STATUSES,
} from '@portal/shared';
import { and, desc, eq, gt, inArray, isNotNull, like, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import {
  type DuesStatement,
  documentSequences,
  duesPayments,
  duesStatements,
  type Membership,
  memberships,
  type User,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { statementIssuedEmail } from '../../lib/mail/templates';
import { likePattern, qualifiedColumn } from '../../lib/sql';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { statementAttachment } from './mail-attachments';
import { toPaymentView } from './payment-view';
import { type DuesSettingsValues, feeOf, readDuesSettings } from './settings';

export type DuesContext = { db: Db; config: Pick<Config, 'publicUrl' | 'storage'> };
/**
 * A payment may approve a paid event registration, whose e-mail carries the ticket: `dataDir` and
 * `auth` give the key that signs it (lib/tickets.ts).
 */
export type PaymentContext = { db: Db; config: Pick<Config, 'publicUrl' | 'storage' | 'dataDir' | 'auth'> };

/**
 * The next number of a document kind in a year (SOA-2026-000123), taken in the transaction that
 * issues the document: the row is locked until it commits, so two issues at once get consecutive
 * numbers, and a rolled-back one gives its number back.
 */
export async function nextDocumentNumber(tx: DbTransaction, kind: 'SOA' | 'AR', on: string): Promise<string> {
  const year = Number(on.slice(0, 4));
  return `${kind}-${year}-${String(await nextSequenceNumber(tx, kind, year)).padStart(6, '0')}`;
}

/**
 * The next number of `kind` in `year`, from the same per-year sequences as the documents: member
 * numbers (MEAP) are allocated here too (docs/decisions/043).
 */
export async function nextSequenceNumber(tx: DbTransaction, kind: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  if (!row) throw new Error('No document number was allocated');
  return row.lastNumber;
}

/** A membership's row locked for the rest of the transaction: its statements are issued one at a time. */
async function lockMembership(tx: DbTransaction, membershipId: string) {
  const [row] = await tx
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, membershipId))
    .for('update', { of: memberships });
  return row;
}

/** The member as a statement bills them: their billing details where given (docs/product-rules.md "Dues"). */
export type BilledUser = Pick<
  User,
  | 'id'
  | 'username'
  | 'email'
  | 'address'
  | 'type'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'suffix'
  | 'registeredName'
  | 'tradeName'
  | 'tin'
  | 'billingAddress'
  | 'billingEmail'
>;

/** Where a statement's and a receipt's e-mails go: the member, and a company's billing address too. */
export const billedRecipients = (
  statement: Pick<DuesStatement, 'billedEmail'>,
  user?: Pick<User, 'email'> | null,
) => [...new Set([statement.billedEmail, user?.email].filter((email): email is string => Boolean(email)))];

type NewStatement = {
  kind: DuesStatementKind;
  membership: Membership;
  user: BilledUser;
  months: number;
  periodFrom: string | null;
  amountCentavos: number;
  issuedOn: string;
  dueOn: string;
};

/**
 * Inserts a numbered statement and e-mails the member, in the caller's transaction (unless the
 * caller's own message tells them, as the approval's does).
 */
async function insertStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  statement: NewStatement,
  { notify = true, draft = false }: { notify?: boolean; draft?: boolean } = {},
) {
  const [row] = await tx
    .insert(duesStatements)
    .values({
      number: draft ? null : await nextDocumentNumber(tx, 'SOA', statement.issuedOn),
      status: draft ? 'draft' : 'issued',
      kind: statement.kind,
      userId: statement.user.id,
      membershipId: statement.membership.id,
      category: statement.membership.category,
      months: statement.months,
      periodFrom: statement.periodFrom,
      periodTo: statement.periodFrom
        ? addToDate(statement.periodFrom, { months: statement.months, days: -1 })
        : null,
      amountCentavos: statement.amountCentavos,
      issuedOn: statement.issuedOn,
      dueOn: statement.dueOn,
      billedName: displayName(statement.user),
      billedEmail: statement.user.billingEmail ?? statement.user.email,
      billedAddress: statement.user.billingAddress ?? statement.user.address,
      billedTin: statement.user.tin,
      // The semester run's e-mails follow it: see `mailPendingStatements`.
      mailPending: notify && !draft && statement.kind === 'semester',
    })
    .returning();
  if (!row) throw new Error('The statement was not inserted');
  if (notify && !draft && !row.mailPending) await mailStatement(tx, config, row, statement.user);
  return row;
}

/**
 * Inserts a numbered event-fee statement (modules/dues/event-fees.ts) and e-mails the member: no
 * membership, category or months, so nothing of a membership reads it.
 */
export async function insertEventFeeStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  statement: {
    user: BilledUser;
    registrationId: string;
    description: string;
    amountCentavos: number;
    issuedOn: string;
    dueOn: string;
  },
) {
  const [row] = await tx
    .insert(duesStatements)
    .values({
      number: await nextDocumentNumber(tx, 'SOA', statement.issuedOn),
      status: 'issued',
      kind: 'event_fee',
      userId: statement.user.id,
      eventRegistrationId: statement.registrationId,
      description: statement.description,
      amountCentavos: statement.amountCentavos,
      issuedOn: statement.issuedOn,
      dueOn: statement.dueOn,
      billedName: displayName(statement.user),
      billedEmail: statement.user.billingEmail ?? statement.user.email,
      billedAddress: statement.user.billingAddress ?? statement.user.address,
      billedTin: statement.user.tin,
    })
    .returning();
  if (!row) throw new Error('The statement was not inserted');
  await mailStatement(tx, config, row, statement.user);
  return row;
}

/** Tells the member, and a company's billing e-mail, that a statement was issued and what to pay. */
async function mailStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  statement: DuesStatement,
  user: Pick<User, 'email'> | null,
) {
  // Greeted by the name billed, never the username (docs/product-rules.md "Names").
  const message = statementIssuedEmail({
    username: statement.billedName,
    link: `${config.publicUrl}${sitePaths.profile}#dues`,
    number: statementLabel(statement),
    amount: formatCentavos(statement.amountCentavos),
    dueOn: formatDate(statement.dueOn),
    period: describePeriod(statement),
    eventFee: statement.kind === 'event_fee',
  });
  // The statement goes with the mail: a company's billing contact has no account to download it
  // from (docs/product-rules.md "Dues"). One PDF serves every recipient.
  const attachments = [await statementAttachment(tx, config, statement)];
  for (const to of billedRecipients(statement, user)) await queueMail(tx, { to, ...message, attachments });
}

/** The job that queues the semester statements' e-mails after the run (modules/jobs registry.ts). */
export const STATEMENT_MAIL_JOB = 'statement-mail';

/**
 * Queues the e-mail of each semester statement issued but not yet mailed, with its PDF, one
 * statement per transaction (docs/decisions/077): drawing a PDF takes about a tenth of a second,
 * which the semester run, issuing thousands at once, does not wait for. Each statement is taken
 * with SKIP LOCKED, so every process's pass shares the work and none mails a statement twice; a
 * statement voided before its turn is not mailed. Answers how many statements were mailed.
 */
export async function mailPendingStatements(
  { db, config }: DuesContext,
  signal?: AbortSignal,
): Promise<number> {
  let mailed = 0;
  while (!signal?.aborted) {
    const done = await db.transaction(async (tx) => {
      const [next] = await tx
        .select()
        .from(duesStatements)
        .where(eq(duesStatements.mailPending, true))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      await tx.update(duesStatements).set({ mailPending: false }).where(eq(duesStatements.id, next.id));
      if (next.status !== 'void') {
        const [user] = next.userId
          ? await tx.select({ email: users.email }).from(users).where(eq(users.id, next.userId))
          : [];
        await mailStatement(tx, config, next, user ?? null);
        mailed += 1;
      }
      return true;
    });
    if (!done) break;
  }
  return mailed;
}

/** What a statement's line says it covers: an event fee's event and tier, or a period of dues. */
export function describePeriod(
  statement: Pick<DuesStatement, 'months' | 'periodFrom' | 'periodTo' | 'description'>,
) {
  if (statement.description) return statement.description;
  if (statement.periodFrom && statement.periodTo) {
    return `${formatDate(statement.periodFrom)} to ${formatDate(statement.periodTo)}`;
  }
  return `${statement.months} months from the date of payment`;
}

/**
 * At approval (docs/product-rules.md "Dues"): a new member is billed the category's fee for 12
 * months, due in 30 days; the 12 months start on the date of payment. Runs in the approval's
 * transaction, which holds the membership's row. Honorary members (fee 0) get no statement.
 */
export async function issueNewMemberStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  membership: Membership,
  user: NewStatement['user'],
  { notify = true, today = manilaDateString() }: { notify?: boolean; today?: string } = {},
): Promise<DuesStatement | null> {
  const fee = feeOf(await readDuesSettings(tx), membership.category);
  if (fee === 0) return null;
  const [existing] = await tx
    .select()
    .from(duesStatements)
    .where(
      and(
        eq(duesStatements.membershipId, membership.id),
        eq(duesStatements.kind, 'new_member'),
        ne(duesStatements.status, 'void'),
      ),
    );
  if (existing) return existing;
  return insertStatement(
    tx,
    config,
    {
      kind: 'new_member',
      membership,
      user,
      months: MEMBERSHIP_PERIOD_MONTHS,
      periodFrom: null,
      amountCentavos: fee,
      issuedOn: today,
      dueOn: addToDate(today, { days: SECOND_SEMESTER_DUE_DAYS }),
    },
    { notify },
  );
}

/** Half the annual fee, to the centavo (an odd centavo goes to the first semester's rounding). */
const semesterAmount = (fee: number) => Math.round(fee / 2);

/**
 * The semester statement a membership is due on `today`, if any: its paid-through date is at most
 * 30 days away (or passed less than a semester ago) and no statement covers the next period yet.
 * The period starts the day after the paid-through date; the statement is due 30 days after it is
 * issued.
 */
async function issueSemesterStatement(
  tx: DbTransaction,
  config: DuesContext['config'],
  settings: DuesSettingsValues,
  membershipId: string,
  today: string,
): Promise<DuesStatement | null> {
  const locked = await lockMembership(tx, membershipId);
  if (locked?.membership.status !== 'approved') return null;
  const paidThrough = paidThroughOf(locked.membership.expiresAt);
  if (!paidThrough || addToDate(paidThrough, { days: -SEMESTER_NOTICE_DAYS }) > today) return null;
  const fee = feeOf(settings, locked.membership.category);
  if (fee === 0) return null;
  const periodFrom = addToDate(paidThrough, { days: 1 });
  const [existing] = await tx
    .select({ id: duesStatements.id })
    .from(duesStatements)
    .where(
      and(
        eq(duesStatements.membershipId, membershipId),
        eq(duesStatements.periodFrom, periodFrom),
        ne(duesStatements.status, 'void'),
      ),
    );
  if (existing) return null;
  return insertStatement(tx, config, {
    kind: 'semester',
    membership: locked.membership,
    user: locked.user,
    months: SEMESTRAL_PERIOD_MONTHS,
    periodFrom,
    amountCentavos: semesterAmount(fee),
    issuedOn: today,
    // Issued on time, 30 days before the paid-through date, it falls due on that date.
    dueOn: addToDate(today, { days: SECOND_SEMESTER_DUE_DAYS }),
  });
}

/** The job that issues the semester statements due when the Dues page asks (modules/jobs registry.ts). */
export const DUES_STATEMENTS_JOB = 'dues-statements';

/** How far a run has come: the memberships looked at, of those that may be due, and the statements issued. */
export type IssueDueProgress = { issued: number; looked: number; of: number };

/**
 * Issues every semester statement due on `today` (the admin's button and `npm run dues:issue`):
 * one transaction per membership, each holding that membership's row, so running it twice at
 * once, or from two processes, issues each statement once.
 */
export async function issueDueStatements(
  { db, config }: DuesContext,
  today = manilaDateString(),
  onProgress: (progress: IssueDueProgress) => Promise<void> = async () => {},
): Promise<{ issued: number; date: string }> {
  const noticeBound = startOfManilaDay(addToDate(today, { days: SEMESTER_NOTICE_DAYS + 1 }));
  const lapsedBound = startOfManilaDay(addToDate(today, { months: -SEMESTRAL_PERIOD_MONTHS }));
  const candidates = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.status, 'approved'),
        ne(memberships.category, 'Honorary'),
        isNotNull(memberships.expiresAt),
        lte(memberships.expiresAt, noticeBound),
        gt(memberships.expiresAt, lapsedBound),
      ),
    );
  // The fees as they are when the run starts: one run bills every member at the same rates.
  const settings = await readDuesSettings(db);
  let issued = 0;
  let looked = 0;
  await onProgress({ issued, looked, of: candidates.length });
  for (const { id } of candidates) {
    const statement = await db.transaction((tx) => issueSemesterStatement(tx, config, settings, id, today));
    if (statement) issued += 1;
    looked += 1;
    await onProgress({ issued, looked, of: candidates.length });
  }
  return { issued, date: today };
}

/**
 * POST /api/dues/statements (admin): prepares a draft bill for a member, for 12 months or a semester
 * of their newest approved membership, continuing from the paid-through date when there is one.
 * The member sees it, and it is numbered, once it is issued (`issueDraft`).
 */
export async function issueStatementByHand(
  { db, config }: DuesContext,
  viewer: Viewer,
  input: IssueStatement,
): Promise<DuesStatementView> {
  return db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, input.userId), eq(memberships.status, 'approved')))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(1);
    const locked = newest ? await lockMembership(tx, newest.id) : undefined;
    if (!locked)
      throw new AppError(400, DUES_MESSAGES.noMembership, { code: 'no_membership', field: 'userId' });
    const fee = feeOf(await readDuesSettings(tx), locked.membership.category);
    if (fee === 0)
      throw new AppError(400, DUES_MESSAGES.honoraryNotBilled, { code: 'honorary', field: 'userId' });
    const today = manilaDateString();
    const paidThrough = paidThroughOf(locked.membership.expiresAt);
    const statement = await insertStatement(
      tx,
      config,
      {
        kind: 'manual',
        membership: locked.membership,
        user: locked.user,
        months: input.months,
        periodFrom: paidThrough ? addToDate(paidThrough, { days: 1 }) : null,
        amountCentavos: input.months === MEMBERSHIP_PERIOD_MONTHS ? fee : semesterAmount(fee),
        issuedOn: today,
        dueOn: addToDate(today, { days: SECOND_SEMESTER_DUE_DAYS }),
      },
      { draft: true },
    );
    await recordAdminAction(tx, viewer, {
      action: 'dues_statement_drafted',
      user: locked.user,
      membershipId: locked.membership.id,
      changes: { amount: { from: null, to: formatCentavos(statement.amountCentavos) } },
    });
    return (await readStatementViews(tx, [statement.id]))[0] as DuesStatementView;
  });
}

/**
 * POST /api/dues/statements/{id}/issue (admin): a draft is numbered, dated today, due in 30 days,
 * and e-mailed; holding its row, so two admins issuing at once number it once.
 */
export async function issueDraft({ db, config }: DuesContext, viewer: Viewer, id: string) {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(duesStatements).where(eq(duesStatements.id, id)).for('update');
    if (!draft) throw notFound(DUES_MESSAGES.statementNotFound);
    if (draft.status !== 'draft') throw new AppError(409, DUES_MESSAGES.notDraft, { code: 'conflict' });
    const today = manilaDateString();
    const [issued] = await tx
      .update(duesStatements)
      .set({
        status: 'issued',
        number: await nextDocumentNumber(tx, 'SOA', today),
        issuedOn: today,
        dueOn: addToDate(today, { days: SECOND_SEMESTER_DUE_DAYS }),
      })
      .where(eq(duesStatements.id, id))
      .returning();
    if (!issued) throw notFound(DUES_MESSAGES.statementNotFound);
    const [user] = issued.userId ? await tx.select().from(users).where(eq(users.id, issued.userId)) : [];
    if (user) {
      await mailStatement(tx, config, issued, user);
      await recordAdminAction(tx, viewer, {
        action: 'dues_statement_issued',
        user,
        membershipId: issued.membershipId,
        changes: { statement: { from: null, to: issued.number } },
      });
    }
    return (await readStatementViews(tx, [id]))[0] as DuesStatementView;
  });
}

/** What is paid on a statement so far: its recorded payments (read in the caller's transaction). */
export async function paidSoFar(tx: DbTransaction, statementId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${duesPayments.amountCentavos}), 0)::int` })
    .from(duesPayments)
    .where(and(eq(duesPayments.statementId, statementId), eq(duesPayments.status, 'recorded')));
  return row?.paid ?? 0;
}

/** Total of a statement's recorded payments, as a column of a statements query. */
export const paidOf = (statementId: SQL) =>
  sql<number>`(select coalesce(sum(${duesPayments.amountCentavos}), 0)::int from ${duesPayments}
    where ${duesPayments.statementId} = ${statementId} and ${duesPayments.status} = 'recorded')`;
const statementIdColumn = qualifiedColumn(duesStatements.id);

const proofsToVerifyOf = sql<number>`(select count(*)::int from ${duesPayments}
  where ${duesPayments.statementId} = ${statementIdColumn} and ${duesPayments.status} = 'submitted')`;

const isUnpaid = inArray(duesStatements.status, UNPAID_STATEMENT_STATUSES);

/** Statements as the API answers them, with their payments, in the order of `ids`. */
export async function readStatementViews(
  db: Db | DbTransaction,
  ids: string[],
): Promise<DuesStatementView[]> {
  if (ids.length === 0) return [];
  // In turn: `db` may be the caller's transaction, one connection that runs one statement at a time.
  const rows = await db
    .select({ statement: duesStatements, paid: paidOf(statementIdColumn), proofs: proofsToVerifyOf })
    .from(duesStatements)
    .where(inArray(duesStatements.id, ids));
  const payments = await db
    .select()
    .from(duesPayments)
    .where(inArray(duesPayments.statementId, ids))
    .orderBy(duesPayments.createdAt);
  const today = manilaDateString();
  const byId = new Map(rows.map((row) => [row.statement.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { statement, paid, proofs } = row;
    const unpaid = statement.status === 'issued' || statement.status === 'partly_paid';
    return [
      {
        id: statement.id,
        number: statement.number,
        kind: statement.kind,
        status: statement.status,
        overdue: unpaid && statement.dueOn < today,
        userId: statement.userId,
        membershipId: statement.membershipId,
        category: statement.category,
        months: statement.months,
        description: statement.description,
        periodFrom: statement.periodFrom,
        periodTo: statement.periodTo,
        amount: statement.amountCentavos,
        paid,
        balance: statement.status === 'void' ? 0 : Math.max(statement.amountCentavos - paid, 0),
        issuedOn: statement.issuedOn,
        dueOn: statement.dueOn,
        billedName: statement.billedName,
        billedEmail: statement.billedEmail,
        voidReason: statement.voidReason,
        proofsToVerify: proofs,
        payments: payments.filter((payment) => payment.statementId === id).map(toPaymentView),
        created_at: statement.createdAt.toISOString(),
      },
    ];
  });
}

/** The statements a viewer's list shows: their own, or for an admin every one matching the query. */
export function statementFilters(viewer: Viewer, query: Omit<DuesStatementListQuery, 'page' | 'limit'>) {
  const today = manilaDateString();
  const conditions: (SQL | undefined)[] = [];
  if (!viewerHolds(viewer, STAFF_AREAS.dues)) {
    conditions.push(eq(duesStatements.userId, viewer.userId), ne(duesStatements.status, 'draft'));
  } else if (query.userId) conditions.push(eq(duesStatements.userId, query.userId));
  if (query.status === 'overdue') conditions.push(and(isUnpaid, lt(duesStatements.dueOn, today)));
  else if (query.status === 'proof_to_verify') conditions.push(gt(proofsToVerifyOf, 0));
  else if (query.status) conditions.push(eq(duesStatements.status, query.status));
  if (query.search) {
    conditions.push(
      like(
        sql`lower(${duesStatements.number} || ' ' || ${duesStatements.billedName} || ' ' || ${duesStatements.billedEmail})`,
        likePattern(query.search.toLowerCase()),
      ),
    );
  }
  return and(...conditions);
}

/**
 * GET /api/dues/statements: a member reads their own; an admin every one, by status (or overdue,
 * proof to verify), member and search over the number, name and e-mail; newest first.
 */
export async function listStatements(db: Db, viewer: Viewer, query: DuesStatementListQuery) {
  const where = statementFilters(viewer, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: duesStatements.id })
      .from(duesStatements)
      .where(where)
      .orderBy(desc(duesStatements.createdAt), desc(duesStatements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(duesStatements).where(where),
  ]);
  return {
    statements: await readStatementViews(
      db,
      rows.map((row) => row.id),
    ),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
    paymentInstructions: (await readDuesSettings(db)).paymentInstructions,
  };
}

/** A statement the viewer may read: their own, or any for an admin; 404 otherwise. */
export async function readStatementFor(db: Db | DbTransaction, viewer: Viewer, id: string) {
  const [statement] = await db.select().from(duesStatements).where(eq(duesStatements.id, id));
  // A draft is the secretariat's until it is issued.
  if (!statement || (!viewerHolds(viewer, STAFF_AREAS.dues) && statement.status === 'draft')) {
    throw notFound(DUES_MESSAGES.statementNotFound);
  }
  if (!viewerHolds(viewer, STAFF_AREAS.dues) && statement.userId !== viewer.userId) {
    throw new AppError(403, DUES_MESSAGES.notYourStatement, { code: 'forbidden' });
  }
  return statement;
}

/**
 * POST /api/dues/statements/{id}/void (admin): a statement is voided with a reason, never
 * deleted; one with recorded payments is not (a refund is a matter for the books). Holding the
 * row, so a payment being recorded at the same moment either lands first (and the void is
 * refused) or finds the statement void.
 */
export async function voidStatement(db: Db, viewer: Viewer, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const [statement] = await tx.select().from(duesStatements).where(eq(duesStatements.id, id)).for('update');
    if (!statement) throw notFound(DUES_MESSAGES.statementNotFound);
    await voidLockedStatement(tx, viewer, statement, reason);
    return (await readStatementViews(tx, [id]))[0] as DuesStatementView;
  });
}

/**
 * Voids a statement the caller's transaction holds locked (an admin's void, a waived or
 * released event fee): refused when it is void already or has recorded payments. Audit-logged
 * when an admin does it (`viewer`); the holds' release has none.
 */
export async function voidLockedStatement(
  tx: DbTransaction,
  viewer: Viewer | null,
  statement: DuesStatement,
  reason: string,
) {
  if (statement.status === 'void') throw new AppError(409, DUES_MESSAGES.alreadyVoid, { code: 'conflict' });
  if ((await paidSoFar(tx, statement.id)) > 0)
    throw new AppError(409, DUES_MESSAGES.hasPayments, { code: 'conflict' });
  await tx
    .update(duesStatements)
    .set({ status: 'void', voidReason: reason, voidedAt: sql`now()` })
    .where(eq(duesStatements.id, statement.id));
  if (!viewer || !statement.userId) return;
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, statement.userId));
  if (user) {
    await recordAdminAction(tx, viewer, {
      action: 'dues_statement_voided',
      user,
      membershipId: statement.membershipId,
      changes: {
        [statementLabel(statement)]: { from: statement.status, to: 'void' },
        reason: { from: null, to: reason },
      },
    });
  }
}
