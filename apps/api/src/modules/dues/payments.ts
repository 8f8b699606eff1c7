import {
  addToDate,
  DUES_MESSAGES,
  type DuesStatementView,
  formatCentavos,
  manilaDateString,
  type PaymentProof,
  PROOF_TYPES,
  type RecordPayment,
  sitePaths,
  startOfManilaDay,
  statementLabel,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbTransaction } from '../../db/client';
import {
  type DuesPayment,
  type DuesStatement,
  duesPayments,
  duesStatements,
  memberships,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { paymentRecordedEmail, paymentRejectedEmail } from '../../lib/mail/templates';
import type { Storage } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { approvePaidRegistration } from './event-fees';
import { receiptAttachment } from './mail-attachments';
import { assignMemberNumber } from './member-numbers';
import {
  billedRecipients,
  type DuesContext,
  nextDocumentNumber,
  type PaymentContext,
  paidSoFar,
  readStatementFor,
  readStatementViews,
} from './statements';

const conflict = (message: string) => new AppError(409, message, { code: 'conflict' });
const fieldError = (field: string, message: string) =>
  new AppError(400, message, { code: 'validation_error', field });

/**
 * A statement's row locked for a payment, with what is paid so far: payments toward one statement
 * are applied one at a time, so two admins (or an admin and the provider) cannot both fill the
 * same balance, and a void that lands first is seen.
 */
export async function lockStatement(tx: DbTransaction, id: string) {
  const [statement] = await tx.select().from(duesStatements).where(eq(duesStatements.id, id)).for('update');
  if (!statement) throw notFound(DUES_MESSAGES.statementNotFound);
  return { statement, balance: statement.amountCentavos - (await paidSoFar(tx, id)) };
}

function refuseUnpayable(statement: DuesStatement) {
  if (statement.status === 'draft') throw conflict(DUES_MESSAGES.statementDraft);
  if (statement.status === 'void') throw conflict(DUES_MESSAGES.statementVoid);
  if (statement.status === 'paid') throw conflict(DUES_MESSAGES.statementPaid);
}

function refuseFutureDate(paidOn: string) {
  if (paidOn > manilaDateString()) throw fieldError('paid_on', DUES_MESSAGES.paidOnFuture);
}

function refuseOverBalance(amount: number, balance: number, overpayment: boolean | undefined) {
  if (amount > balance && !overpayment) {
    throw new AppError(400, DUES_MESSAGES.overBalance(formatCentavos(balance)), {
      code: 'over_balance',
      field: 'amount',
    });
  }
}

/**
 * Records a payment in the transaction holding its statement (docs/product-rules.md "Dues"): the
 * receipt gets the next AR number; the statement becomes partly paid or paid; paid in full, its
 * period is settled (a new member's 12 months start on the date of this payment) and the
 * membership is paid through the period's end. The member is e-mailed their receipt.
 */
export async function applyPayment(
  tx: DbTransaction,
  { config }: Pick<PaymentContext, 'config'>,
  viewer: Viewer | null,
  statement: DuesStatement,
  payment: DuesPayment,
): Promise<DuesPayment> {
  const receiptNumber = await nextDocumentNumber(tx, 'AR', manilaDateString());
  const [recorded] = await tx
    .update(duesPayments)
    .set({ status: 'recorded', receiptNumber, recordedAt: sql`now()`, recordedBy: viewer?.userId ?? null })
    .where(eq(duesPayments.id, payment.id))
    .returning();
  if (!recorded) throw new Error('The payment was not recorded');
  const paid = await paidSoFar(tx, statement.id);
  if (paid < statement.amountCentavos) {
    await tx.update(duesStatements).set({ status: 'partly_paid' }).where(eq(duesStatements.id, statement.id));
  } else {
    // An event fee covers no period (its months are null); membership dues always have months.
    const periodFrom = statement.months === null ? null : (statement.periodFrom ?? recorded.paidOn);
    // A new member's paid-through date is the payment date plus 12 months; a renewal's period
    // runs from the day after the paid-through date for its months.
    const periodTo =
      periodFrom === null
        ? null
        : (statement.periodTo ?? addToDate(periodFrom, { months: statement.months ?? 0 }));
    await tx
      .update(duesStatements)
      .set({ status: 'paid', periodFrom, periodTo })
      .where(eq(duesStatements.id, statement.id));
    if (statement.membershipId && periodFrom && periodTo) {
      const endsAt = startOfManilaDay(addToDate(periodTo, { days: 1 }));
      await tx
        .update(memberships)
        .set({
          startsAt: sql`coalesce(${memberships.startsAt}, ${startOfManilaDay(periodFrom)})`,
          expiresAt: sql`greatest(${memberships.expiresAt}, ${endsAt})`,
          updatedAt: sql`now()`,
        })
        .where(eq(memberships.id, statement.membershipId));
      // The first payment in full numbers the member (docs/product-rules.md "Membership card").
      await assignMemberNumber(tx, statement.membershipId, manilaDateString());
    }
    await approvePaidRegistration(tx, config, statement);
  }
  const message = paymentRecordedEmail({
    username: statement.billedName,
    link: `${config.publicUrl}${sitePaths.profile}#dues`,
    number: statementLabel(statement),
    amount: formatCentavos(recorded.amountCentavos),
    receiptNumber,
  });
  // The receipt goes with the mail, for a billing contact who has no account (docs/product-rules.md "Dues").
  const attachments = [await receiptAttachment(tx, statement, recorded)];
  for (const to of await recipientsOf(tx, statement)) await queueMail(tx, { to, ...message, attachments });
  return recorded;
}

/** Who hears of a statement's payments: its billing e-mail and the member's own. */
async function recipientsOf(tx: DbTransaction, statement: DuesStatement) {
  const [user] = statement.userId
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, statement.userId))
    : [];
  return billedRecipients(statement, user);
}

/** The member a statement bills, for the audit log; null once their account is gone. */
async function billedUser(tx: DbTransaction, statement: DuesStatement) {
  if (!statement.userId) return null;
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, statement.userId));
  return user ?? null;
}

async function auditPayment(
  tx: DbTransaction,
  viewer: Viewer,
  statement: DuesStatement,
  action: 'dues_payment_recorded' | 'dues_payment_rejected',
  payment: DuesPayment,
) {
  const user = await billedUser(tx, statement);
  if (!user) return;
  await recordAdminAction(tx, viewer, {
    action,
    user,
    membershipId: statement.membershipId,
    changes: {
      [statementLabel(statement)]: { from: null, to: formatCentavos(payment.amountCentavos) },
      ...(payment.receiptNumber ? { receipt: { from: null, to: payment.receiptNumber } } : {}),
      ...(payment.rejectionReason ? { reason: { from: null, to: payment.rejectionReason } } : {}),
    },
  });
}

/**
 * POST /api/dues/statements/{id}/payments (admin): a payment the secretariat received (cash,
 * cheque, deposit…). More than the balance only as a confirmed overpayment.
 */
export async function recordPayment(
  context: PaymentContext,
  viewer: Viewer,
  statementId: string,
  input: RecordPayment,
): Promise<DuesStatementView> {
  refuseFutureDate(input.paid_on);
  return context.db.transaction(async (tx) => {
    const { statement, balance } = await lockStatement(tx, statementId);
    refuseUnpayable(statement);
    refuseOverBalance(input.amount, balance, input.overpayment);
    const [payment] = await tx
      .insert(duesPayments)
      .values({
        statementId,
        status: 'submitted',
        method: input.method,
        reference: input.reference ?? null,
        amountCentavos: input.amount,
        paidOn: input.paid_on,
        birInvoiceNumber: input.birInvoiceNumber ?? null,
      })
      .returning();
    if (!payment) throw new Error('The payment was not inserted');
    const recorded = await applyPayment(tx, context, viewer, statement, payment);
    await auditPayment(tx, viewer, statement, 'dues_payment_recorded', recorded);
    return (await readStatementViews(tx, [statementId]))[0] as DuesStatementView;
  });
}

/**
 * POST /api/dues/statements/{id}/proof (member): the member's own payment with its proof (an
 * image or a PDF), waiting for the secretariat. The file is stored before the transaction and
 * removed again if the payment is refused, so a refusal leaves nothing behind.
 */
export async function submitProof(
  { db, storage }: DuesContext & { storage: Storage },
  viewer: Viewer,
  statementId: string,
  input: PaymentProof,
  file: Buffer | undefined,
): Promise<DuesStatementView> {
  if (!file || file.length === 0) throw fieldError('file', DUES_MESSAGES.proofRequired);
  const type = await fileTypeFromBuffer(file);
  if (!type || !(PROOF_TYPES as readonly string[]).includes(type.mime)) {
    throw fieldError('file', DUES_MESSAGES.proofType);
  }
  refuseFutureDate(input.paid_on);
  const owned = await readStatementFor(db, viewer, statementId);
  if (owned.userId !== viewer.userId)
    throw new AppError(403, DUES_MESSAGES.notYourStatement, { code: 'forbidden' });
  // A proof is the member's and the secretariat's only: a private file (decision 066).
  const stored = await storage.savePrivate(file, type.ext);
  try {
    return await db.transaction(async (tx) => {
      const { statement, balance } = await lockStatement(tx, statementId);
      refuseUnpayable(statement);
      if (input.amount > balance) {
        throw fieldError('amount', DUES_MESSAGES.proofOverBalance(formatCentavos(balance)));
      }
      await tx.insert(duesPayments).values({
        statementId,
        status: 'submitted',
        method: input.method,
        reference: input.reference ?? null,
        amountCentavos: input.amount,
        paidOn: input.paid_on,
        proofPath: stored.reference,
        proofType: type.mime,
        submittedBy: viewer.userId,
      });
      return (await readStatementViews(tx, [statementId]))[0] as DuesStatementView;
    });
  } catch (error) {
    await storage.remove(stored.reference);
    throw error;
  }
}

/** A payment and its statement, both locked: the statement first, as every payment path does. */
async function lockPaymentForDecision(tx: DbTransaction, paymentId: string) {
  const [found] = await tx
    .select({ statementId: duesPayments.statementId })
    .from(duesPayments)
    .where(eq(duesPayments.id, paymentId));
  if (!found) throw notFound(DUES_MESSAGES.paymentNotFound);
  const locked = await lockStatement(tx, found.statementId);
  const [payment] = await tx.select().from(duesPayments).where(eq(duesPayments.id, paymentId)).for('update');
  if (!payment) throw notFound(DUES_MESSAGES.paymentNotFound);
  if (payment.status !== 'submitted' && payment.status !== 'held') throw conflict(DUES_MESSAGES.notSubmitted);
  return { ...locked, payment };
}

/** POST /api/dues/payments/{id}/verify (admin): the proof checks out; the payment is recorded. */
export async function verifyPayment(
  context: PaymentContext,
  viewer: Viewer,
  paymentId: string,
  input: { birInvoiceNumber?: string | null; overpayment?: boolean },
): Promise<DuesStatementView> {
  return context.db.transaction(async (tx) => {
    const { statement, balance, payment } = await lockPaymentForDecision(tx, paymentId);
    if (payment.currency !== 'PHP') throw conflict(DUES_MESSAGES.foreignCurrency(payment.currency));
    refuseUnpayable(statement);
    refuseOverBalance(payment.amountCentavos, balance, input.overpayment);
    if (input.birInvoiceNumber !== undefined) {
      await tx
        .update(duesPayments)
        .set({ birInvoiceNumber: input.birInvoiceNumber })
        .where(eq(duesPayments.id, paymentId));
    }
    const recorded = await applyPayment(tx, context, viewer, statement, payment);
    await auditPayment(tx, viewer, statement, 'dues_payment_recorded', recorded);
    return (await readStatementViews(tx, [statement.id]))[0] as DuesStatementView;
  });
}

/** POST /api/dues/payments/{id}/reject (admin): the proof does not check out; the member is told why. */
export async function rejectPayment(
  { db, config }: DuesContext,
  viewer: Viewer,
  paymentId: string,
  reason: string,
): Promise<DuesStatementView> {
  return db.transaction(async (tx) => {
    const { statement, payment } = await lockPaymentForDecision(tx, paymentId);
    const [rejected] = await tx
      .update(duesPayments)
      .set({ status: 'rejected', rejectionReason: reason })
      .where(eq(duesPayments.id, paymentId))
      .returning();
    if (!rejected) throw notFound(DUES_MESSAGES.paymentNotFound);
    const message = paymentRejectedEmail({
      username: statement.billedName,
      link: `${config.publicUrl}${sitePaths.profile}#dues`,
      number: statementLabel(statement),
      amount: formatCentavos(payment.amountCentavos),
      reason,
    });
    for (const to of await recipientsOf(tx, statement)) await queueMail(tx, { to, ...message });
    await auditPayment(tx, viewer, statement, 'dues_payment_rejected', rejected);
    return (await readStatementViews(tx, [statement.id]))[0] as DuesStatementView;
  });
}

/** A payment the viewer may read (its statement is theirs, or they are an admin), for its receipt or proof. */
export async function readPaymentFor(db: Db, viewer: Viewer, paymentId: string) {
  const [payment] = await db.select().from(duesPayments).where(eq(duesPayments.id, paymentId));
  if (!payment) throw notFound(DUES_MESSAGES.paymentNotFound);
  const statement = await readStatementFor(db, viewer, payment.statementId);
  return { payment, statement };
}
