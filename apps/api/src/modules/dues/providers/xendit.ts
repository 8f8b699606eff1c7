import { z } from 'zod';
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentProvider,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';
import {
  assertCentavos,
  headerValue,
  parseAnswer,
  parseJsonBody,
  requestJson,
  secretsEqual,
} from './provider-http';

/**
 * Xendit's Invoices API (https://github.com/xendit/xendit-node/blob/master/docs/Invoice.md): an
 * invoice for the statement's amount, paid on Xendit's hosted page at invoice_url; Xendit calls our
 * invoice callback when it is paid or expires, and GET /v2/invoices/{id} answers in between.
 */

export type XenditOptions = { secretKey: string; callbackToken: string; apiUrl?: string };

const DEFAULT_API_URL = 'https://api.xendit.co';

/**
 * Invoice statuses (https://github.com/xendit/xendit-node/blob/master/docs/invoice/InvoiceStatus.md):
 * SETTLED is a PAID invoice whose money has reached our balance, so both mean paid.
 */
const STATES: Record<string, CheckoutStatus['state']> = {
  PENDING: 'pending',
  PAID: 'paid',
  SETTLED: 'paid',
  EXPIRED: 'expired',
};

/*
 * What we read of an invoice, as Xendit answers it and sends it to the invoice callback
 * (https://github.com/xendit/xendit-node/blob/master/docs/invoice/models/Invoice.md and
 * https://github.com/xendit/xendit-node/blob/master/docs/invoice/models/InvoiceCallback.md): only
 * these fields, each checked; the rest is ignored.
 * provider-answers.test.ts parses invoices in the documented shape, and the demo gateway's
 * answers go through the same schema.
 */
const text = z.string().min(1);
const optionalText = z.string().nullish();
const invoice = z.object({
  id: text,
  external_id: optionalText,
  status: z.string(),
  invoice_url: optionalText,
  /** Pesos, a JSON number (checked to whole centavos by pesosToCentavos). */
  amount: z.number(),
  paid_amount: z.number().nullish(),
  currency: optionalText,
  paid_at: optionalText,
  payment_id: optionalText,
  payment_channel: optionalText,
  payment_method: optionalText,
});
/** What makes a callback an update of one of our invoices in a state we know. */
const invoiceUpdate = z.object({
  id: text,
  external_id: text,
  status: z.enum(Object.keys(STATES) as [string, ...string[]]),
});
/** Xendit's errors come as `{ error_code, message }`. */
const errorAnswer = z.object({ error_code: optionalText, message: optionalText });

export function createXenditProvider(options: XenditOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson(
      { provider: 'Xendit', method, url: `${apiUrl}${path}`, secretKey: options.secretKey, body },
      xenditErrorMessage,
    );

  return {
    name: 'xendit',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const answer = parseAnswer(
        invoice,
        await call('POST', '/v2/invoices', {
          external_id: request.statementId,
          // Invoices take the major unit, pesos, as a JSON number.
          amount: centavosToPesos(request.amountCentavos),
          currency: 'PHP',
          description: `${request.statementNumber}: ${request.description}`,
          ...(request.payerEmail ? { payer_email: request.payerEmail } : {}),
          success_redirect_url: request.successUrl,
          failure_redirect_url: request.cancelUrl,
          metadata: { statement_number: request.statementNumber },
        }),
        'Xendit invoice',
      );
      if (!answer.invoice_url) throw new Error('Xendit created an invoice without an invoice_url');
      return { checkoutId: answer.id, url: answer.invoice_url };
    },

    /**
     * Xendit does not sign invoice callbacks: it sends the account's verification token in
     * `x-callback-token` (https://docs.xendit.co/api-integration/callback/setup), which we compare
     * with ours in constant time. The body is the invoice itself, with no event id, and Xendit may
     * deliver it more than once (https://docs.xendit.co/apidocs/webhook-behavior), so the invoice id
     * and status together name the event: a repeat of the same change is the same event.
     */
    verifyWebhook(rawBody, headers): WebhookEvent | null {
      const token = headerValue(headers, 'x-callback-token');
      if (!token) throw new WebhookSignatureError('Missing x-callback-token header');
      if (!secretsEqual(token, options.callbackToken)) {
        throw new WebhookSignatureError('x-callback-token does not match');
      }
      const body = parseJsonBody(rawBody, 'Xendit callback');
      // Callbacks of Xendit's newer products are envelopes, `{ event, data }`; an invoice callback
      // is the bare invoice. Anything but an invoice in a state we know is not ours to act on.
      if (body === null || typeof body !== 'object' || 'event' in body) return null;
      if (!invoiceUpdate.safeParse(body).success) return null;
      const callback = parseAnswer(invoice, body, 'Xendit invoice callback');
      return {
        eventId: `${callback.id}:${callback.status}`,
        statementId: callback.external_id ?? null,
        status: invoiceStatus(callback),
      };
    },

    async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
      const answer = await call('GET', `/v2/invoices/${encodeURIComponent(checkoutId)}`);
      return invoiceStatus(parseAnswer(invoice, answer, 'Xendit invoice'));
    },
  };
}

function invoiceStatus(paidInvoice: z.output<typeof invoice>): CheckoutStatus {
  const checkoutId = paidInvoice.id;
  const state = STATES[paidInvoice.status] ?? 'pending';
  if (state !== 'paid') {
    return {
      checkoutId,
      state,
      paymentId: null,
      amountCentavos: null,
      currency: null,
      paidAt: null,
      method: null,
    };
  }
  // An invoice is paid in full or not at all, so without paid_amount the invoice's amount is what came in.
  const paid = paidInvoice.paid_amount ?? paidInvoice.amount;
  const paidAt = paidInvoice.paid_at;
  const method = paidInvoice.payment_channel || paidInvoice.payment_method;
  return {
    checkoutId,
    state,
    paymentId: paidInvoice.payment_id || checkoutId,
    amountCentavos: pesosToCentavos(paid),
    currency: paidInvoice.currency || null,
    paidAt: paidAt && !Number.isNaN(Date.parse(paidAt)) ? new Date(paidAt) : null,
    // Channels come upper-case ('GCASH', 'DD_BPI'); our records keep the lower-case spelling.
    method: method ? method.toLowerCase() : null,
  };
}

/**
 * Centavos to the pesos Xendit takes. Dividing an integer by 100 gives the double nearest the
 * two-decimal value, which JSON writes back as that value (150050 → 1500.5); the round trip is
 * checked all the same, so an amount too large to survive it is refused, not rounded.
 */
export function centavosToPesos(amountCentavos: number): number {
  assertCentavos(amountCentavos);
  const pesos = amountCentavos / 100;
  if (Math.round(pesos * 100) !== amountCentavos) {
    throw new Error(`Amount ${amountCentavos} centavos cannot be sent as pesos exactly`);
  }
  return pesos;
}

/**
 * Pesos from Xendit back to centavos. Only a number with at most two decimals is a peso amount;
 * anything else (1500.505, a string, NaN) is refused rather than rounded into a payment.
 */
export function pesosToCentavos(pesos: unknown): number {
  if (
    typeof pesos !== 'number' ||
    !Number.isFinite(pesos) ||
    pesos < 0 ||
    !/^\d+(\.\d{1,2})?$/.test(String(pesos))
  ) {
    throw new Error(`Xendit amount ${JSON.stringify(pesos)} is not pesos with at most two decimals`);
  }
  const centavos = Math.round(pesos * 100);
  if (!Number.isSafeInteger(centavos)) throw new Error(`Xendit amount ${pesos} is too large`);
  return centavos;
}

function xenditErrorMessage(body: unknown): string | null {
  const parsed = errorAnswer.safeParse(body);
  const message = parsed.success ? parsed.data.message || null : null;
  const code = parsed.success ? parsed.data.error_code || null : null;
  return message && code ? `${code}: ${message}` : (message ?? code);
}
