import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentProvider,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';
import { asRecord, asString, assertCentavos, headerValue, requestJson, secretsEqual } from './provider-http';

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
      const answer = asRecord(
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
      );
      const checkoutId = asString(answer?.id);
      const url = asString(answer?.invoice_url);
      if (!checkoutId || !url) throw new Error('Xendit created an invoice without an id or invoice_url');
      return { checkoutId, url };
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
      const body = asRecord(parseJson(rawBody));
      if (!body) throw new Error('Xendit callback body is not a JSON object');
      // Callbacks of Xendit's newer products are envelopes, `{ event, data }`; an invoice callback
      // is the bare invoice. Anything but an invoice in a state we know is not ours to act on.
      if ('event' in body || asString(body.id) === null || asString(body.external_id) === null) return null;
      const status = asString(body.status);
      if (status === null || !(status in STATES)) return null;
      return {
        eventId: `${body.id}:${status}`,
        statementId: asString(body.external_id),
        status: invoiceStatus(body),
      };
    },

    async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
      const invoice = asRecord(await call('GET', `/v2/invoices/${encodeURIComponent(checkoutId)}`));
      if (!invoice) throw new Error('Xendit answered without an invoice');
      return invoiceStatus(invoice);
    },
  };
}

function invoiceStatus(invoice: Record<string, unknown>): CheckoutStatus {
  const checkoutId = asString(invoice.id);
  if (!checkoutId) throw new Error('Xendit invoice has no id');
  const state = STATES[asString(invoice.status) ?? ''] ?? 'pending';
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
  const paid = invoice.paid_amount ?? invoice.amount;
  const paidAt = asString(invoice.paid_at);
  const method = asString(invoice.payment_channel) ?? asString(invoice.payment_method);
  return {
    checkoutId,
    state,
    paymentId: asString(invoice.payment_id) ?? checkoutId,
    amountCentavos: pesosToCentavos(paid),
    currency: asString(invoice.currency),
    paidAt: paidAt && !Number.isNaN(Date.parse(paidAt)) ? new Date(paidAt) : null,
    // Channels come upper-case ('GCASH', 'DD_BPI'); our records keep the lower-case spelling.
    method: method?.toLowerCase() ?? null,
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

/** Xendit's errors come as `{ error_code, message }`. */
function xenditErrorMessage(body: unknown): string | null {
  const error = asRecord(body);
  const message = asString(error?.message);
  const code = asString(error?.error_code);
  return message && code ? `${code}: ${message}` : (message ?? code);
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('Xendit callback body is not JSON');
  }
}
