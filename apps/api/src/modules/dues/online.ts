import {
  DUES_MESSAGES,
  type DuesPaymentMethod,
  manilaDateString,
  sitePaths,
  statementLabel,
} from '@portal/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { duesCheckouts, duesPayments, duesStatements, duesWebhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { applyPayment, lockStatement } from './payments';
import type { CheckoutStatus, PaymentProvider } from './providers/payment-provider';
import { describePeriod, type PaymentContext, readStatementFor, readStatementViews } from './statements';

export type OnlineContext = PaymentContext & { provider: PaymentProvider | null };

/** How long a checkout is asked about again when no webhook said how it ended. */
const POLL_FOR_DAYS = 3;

/** The gateways' names for how a member paid, as the statement and the receipt say it. */
const METHOD_NAMES: Record<string, DuesPaymentMethod> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  maya: 'Maya',
  card: 'Card',
  credit_card: 'Card',
  qrph: 'QR Ph',
};
const methodOf = (method: string | null): DuesPaymentMethod => METHOD_NAMES[method ?? ''] ?? 'Bank transfer';

/**
 * POST /api/dues/statements/{id}/checkout: the member is sent to the gateway's page to pay the
 * statement's balance. The amount is the server's, read from the statement; nothing the browser
 * sends sets it. The checkout is kept, so that a lost webhook is made good by asking about it.
 */
export async function startCheckout(
  { db, config, provider }: OnlineContext,
  viewer: Viewer,
  statementId: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ url: string }> {
  const statement = await readStatementFor(db, viewer, statementId);
  if (!provider) throw new AppError(409, DUES_MESSAGES.noProvider, { code: 'no_provider' });
  if (statement.status === 'void') throw new AppError(409, DUES_MESSAGES.statementVoid, { code: 'conflict' });
  if (statement.status === 'draft')
    throw new AppError(409, DUES_MESSAGES.statementDraft, { code: 'conflict' });
  const [view] = await readStatementViews(db, [statementId]);
  if (!view || view.balance === 0) throw new AppError(409, DUES_MESSAGES.statementPaid, { code: 'conflict' });
  const returnTo = `${config.publicUrl}${sitePaths.profile}`;
  const checkout = await provider
    .createCheckout({
      statementId,
      statementNumber: statementLabel(statement),
      description:
        statement.description ?? `${statement.category} membership dues, ${describePeriod(statement)}`,
      amountCentavos: view.balance,
      payerEmail: statement.billedEmail,
      successUrl: `${returnTo}?payment=done#dues`,
      cancelUrl: `${returnTo}#dues`,
    })
    .catch((error: unknown) => {
      log.error({ err: error, statementId }, 'the payment gateway did not open a checkout');
      throw new AppError(502, DUES_MESSAGES.gatewayFailed, { code: 'gateway_error' });
    });
  await db.insert(duesCheckouts).values({
    statementId,
    provider: provider.name,
    checkoutId: checkout.checkoutId,
    amountCentavos: view.balance,
  });
  return { url: checkout.url };
}

/**
 * What the gateway says of a checkout, applied once (docs/product-rules.md "Dues"), whether a
 * webhook or a poll brought it: a paid checkout records one payment, by the gateway's payment id,
 * in the transaction holding the statement. A payment whose amount or currency differs from what
 * was asked, or that finds the statement paid or void meanwhile, is held for the secretariat
 * instead. `eventId`, for a webhook, is recorded in the same transaction: a replay changes nothing.
 */
export async function applyCheckoutStatus(
  context: OnlineContext & { provider: PaymentProvider },
  status: CheckoutStatus,
  eventId?: string,
): Promise<'recorded' | 'held' | 'unchanged'> {
  const { db, provider } = context;
  return db.transaction(async (tx) => {
    if (eventId) {
      const recorded = await tx
        .insert(duesWebhookEvents)
        .values({ provider: provider.name, eventId })
        .onConflictDoNothing()
        .returning({ eventId: duesWebhookEvents.eventId });
      if (recorded.length === 0) return 'unchanged';
    }
    const [checkout] = await tx
      .select()
      .from(duesCheckouts)
      .where(and(eq(duesCheckouts.provider, provider.name), eq(duesCheckouts.checkoutId, status.checkoutId)));
    if (!checkout) return 'unchanged';
    if (status.state === 'expired' && checkout.state === 'pending') {
      await tx.update(duesCheckouts).set({ state: 'expired' }).where(eq(duesCheckouts.id, checkout.id));
    }
    if (status.state !== 'paid') return 'unchanged';
    const { statement, balance } = await lockStatement(tx, checkout.statementId);
    const providerPaymentId = `${provider.name}:${status.paymentId ?? status.checkoutId}`;
    const [existing] = await tx
      .select({ id: duesPayments.id })
      .from(duesPayments)
      .where(eq(duesPayments.providerPaymentId, providerPaymentId));
    if (existing) return 'unchanged';
    await tx.update(duesCheckouts).set({ state: 'paid' }).where(eq(duesCheckouts.id, checkout.id));
    const paid = status.amountCentavos;
    const matches =
      status.currency === 'PHP' &&
      paid === checkout.amountCentavos &&
      paid <= balance &&
      statement.status !== 'void' &&
      statement.status !== 'paid';
    const [payment] = await tx
      .insert(duesPayments)
      .values({
        statementId: statement.id,
        status: matches ? 'submitted' : 'held',
        method: methodOf(status.method),
        reference: status.paymentId ?? status.checkoutId,
        amountCentavos: paid && paid > 0 ? paid : checkout.amountCentavos,
        // As the gateway reported it: a held payment is decided on what was really paid.
        currency: status.currency,
        paidOn: manilaDateString(status.paidAt ?? new Date()),
        providerPaymentId,
      })
      .returning();
    if (!payment) throw new Error('The online payment was not inserted');
    if (!matches) return 'held';
    await applyPayment(tx, context, null, statement, payment);
    return 'recorded';
  });
}

/**
 * POST /api/dues/webhooks/{gateway}: verified on the raw bytes of the body (a bad or missing
 * signature is a 401 before anything is read). A Xendit callback carries a shared token rather
 * than a signature, so its checkout is read back from Xendit with our secret key before anything
 * is recorded.
 */
export async function receiveWebhook(
  context: OnlineContext & { provider: PaymentProvider },
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
) {
  const event = context.provider.verifyWebhook(rawBody, headers);
  if (!event) return 'unchanged';
  const status =
    context.provider.name === 'xendit'
      ? await context.provider.fetchCheckout(event.status.checkoutId)
      : event.status;
  return applyCheckoutStatus(context, status, event.eventId);
}

/**
 * Asks the gateway about every checkout still pending from the last few days (one member's, when
 * they come back from the gateway's page) and applies the answer, so a webhook that never came
 * still completes its payment. Safe to run in several processes at once: applying is idempotent.
 */
export async function pollPendingCheckouts(
  context: OnlineContext & { provider: PaymentProvider },
  { log, userId }: { log?: Pick<FastifyBaseLogger, 'warn'>; userId?: string } = {},
) {
  const pending = await context.db
    .select({ checkoutId: duesCheckouts.checkoutId })
    .from(duesCheckouts)
    .innerJoin(duesStatements, eq(duesStatements.id, duesCheckouts.statementId))
    .where(
      and(
        eq(duesCheckouts.state, 'pending'),
        eq(duesCheckouts.provider, context.provider.name),
        gt(duesCheckouts.createdAt, sql`now() - make_interval(days => ${POLL_FOR_DAYS})`),
        userId ? eq(duesStatements.userId, userId) : undefined,
      ),
    );
  let applied = 0;
  for (const { checkoutId } of pending) {
    try {
      const outcome = await applyCheckoutStatus(context, await context.provider.fetchCheckout(checkoutId));
      if (outcome !== 'unchanged') applied += 1;
    } catch (error) {
      log?.warn({ err: error, checkoutId }, 'a pending checkout could not be checked');
    }
  }
  return { checked: pending.length, applied };
}
