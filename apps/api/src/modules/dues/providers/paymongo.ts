import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentProvider,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';
import { asRecord, asString, assertCentavos, headerValue, requestJson } from './provider-http';

/**
 * PayMongo's hosted Checkout Sessions
 * (https://developers.paymongo.com/docs/payment-channels-hosted-checkout): we create a session for
 * the statement's amount, send the member to its checkout_url, and learn of the payment from the
 * `checkout_session.payment.paid` webhook or by reading the session back.
 */

export type PaymongoOptions = {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  /** Which of the signature header's two signatures counts: `li` in live mode, `te` in test mode. */
  livemode?: boolean;
};

const DEFAULT_API_URL = 'https://api.paymongo.com';

/**
 * The methods the hosted page offers: GCash, Maya, cards, QR Ph and online banking (`dob`). Each
 * must be enabled on the merchant account, or PayMongo refuses the session.
 */
export const PAYMONGO_PAYMENT_METHODS = ['gcash', 'paymaya', 'card', 'qrph', 'dob'] as const;

/** The one event that means a session was paid; every other type is acknowledged and ignored. */
const PAID_EVENT = 'checkout_session.payment.paid';

/** How far the signature's timestamp may be from our clock before we treat it as a replay. */
const TOLERANCE_SECONDS = 300;

export function createPaymongoProvider(options: PaymongoOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson(
      { provider: 'PayMongo', method, url: `${apiUrl}${path}`, secretKey: options.secretKey, body },
      paymongoErrorMessage,
    );

  return {
    name: 'paymongo',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      assertCentavos(request.amountCentavos);
      const answer = await call('POST', '/v1/checkout_sessions', {
        data: {
          attributes: {
            line_items: [
              {
                name: request.description,
                // PayMongo amounts are integer centavos already
                // (https://developers.paymongo.com/docs/payment-channels-hosted-checkout-quick-start).
                amount: request.amountCentavos,
                currency: 'PHP',
                quantity: 1,
              },
            ],
            payment_method_types: [...PAYMONGO_PAYMENT_METHODS],
            reference_number: request.statementNumber,
            description: `${request.statementNumber}: ${request.description}`,
            metadata: { statement_id: request.statementId },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            // Our own receipt is the record; a second e-mail from PayMongo would only confuse.
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
            // Pre-fills the contact details the hosted page asks for.
            ...(request.payerEmail ? { billing: { email: request.payerEmail } } : {}),
          },
        },
      });
      const session = asRecord(asRecord(answer)?.data);
      const checkoutId = asString(session?.id);
      const url = asString(asRecord(session?.attributes)?.checkout_url);
      if (!checkoutId || !url)
        throw new Error('PayMongo created a checkout session without an id or checkout_url');
      return { checkoutId, url };
    },

    verifyWebhook(rawBody, headers, now = new Date()): WebhookEvent | null {
      verifySignature(rawBody, headerValue(headers, 'paymongo-signature'), options, now);
      const event = asRecord(asRecord(parseJson(rawBody))?.data);
      const eventId = asString(event?.id);
      const attributes = asRecord(event?.attributes);
      if (!eventId || !attributes) throw new Error('PayMongo webhook has no event id or attributes');
      if (attributes.type !== PAID_EVENT) return null;
      const session = asRecord(attributes.data);
      if (!session) throw new Error('PayMongo webhook has no checkout session');
      const metadata = asRecord(asRecord(session.attributes)?.metadata);
      return { eventId, statementId: asString(metadata?.statement_id), status: sessionStatus(session) };
    },

    async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
      const answer = await call('GET', `/v1/checkout_sessions/${encodeURIComponent(checkoutId)}`);
      const session = asRecord(asRecord(answer)?.data);
      if (!session) throw new Error('PayMongo answered without a checkout session');
      return sessionStatus(session);
    },
  };
}

/**
 * Checks the `Paymongo-Signature` header, `t=<unix>,te=<hex>,li=<hex>`: an HMAC-SHA256, keyed with
 * the webhook's secret, of `<t>.<raw body>`, compared with `li` in live mode and `te` in test mode
 * (https://developers.paymongo.com/docs/securing-webhook). A timestamp more than five minutes from
 * `now` is refused, so a captured request cannot be replayed later.
 */
function verifySignature(rawBody: Buffer, header: string | undefined, options: PaymongoOptions, now: Date) {
  if (!header) throw new WebhookSignatureError('Missing Paymongo-Signature header');
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator > 0) parts.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  const timestamp = parts.get('t') ?? '';
  const signature = parts.get(options.livemode ? 'li' : 'te') ?? '';
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookSignatureError('Paymongo-Signature has no timestamp');
  if (!/^[0-9a-f]{64}$/i.test(signature)) {
    throw new WebhookSignatureError(
      `Paymongo-Signature has no ${options.livemode ? 'live' : 'test'} signature`,
    );
  }
  const expected = createHmac('sha256', options.webhookSecret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest();
  // Both sides are 32 bytes here (checked above), as timingSafeEqual requires.
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
    throw new WebhookSignatureError('Paymongo-Signature does not match the body');
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Paymongo-Signature timestamp is outside the 5-minute window');
  }
}

/**
 * A session's state from its payments: paid once one of them has status `paid` (amount, currency
 * and paid_at, in unix seconds, are the payment's:
 * https://developers.paymongo.com/v1/reference/payment-source); otherwise expired when the session
 * is, else pending.
 */
function sessionStatus(session: Record<string, unknown>): CheckoutStatus {
  const checkoutId = asString(session.id);
  const attributes = asRecord(session.attributes);
  if (!checkoutId || !attributes) throw new Error('PayMongo checkout session has no id or attributes');
  const payments = Array.isArray(attributes.payments) ? attributes.payments.map(asRecord) : [];
  const paid = payments.find((payment) => asRecord(payment?.attributes)?.status === 'paid');
  if (paid) {
    const payment = asRecord(paid.attributes) ?? {};
    const amount = payment.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
      throw new Error(`PayMongo payment ${String(paid.id)} has no integer amount`);
    }
    return {
      checkoutId,
      state: 'paid',
      paymentId: asString(paid.id),
      amountCentavos: amount,
      currency: asString(payment.currency),
      paidAt: typeof payment.paid_at === 'number' ? new Date(payment.paid_at * 1000) : null,
      // A payment's source names e-wallets ('gcash', 'paymaya') and cards; the session's
      // payment_method_used covers the methods whose payment carries no source type.
      method: asString(asRecord(payment.source)?.type) ?? asString(attributes.payment_method_used),
    };
  }
  return {
    checkoutId,
    state: attributes.status === 'expired' ? 'expired' : 'pending',
    paymentId: null,
    amountCentavos: null,
    currency: null,
    paidAt: null,
    method: null,
  };
}

/** PayMongo's errors come as `{ errors: [{ code, detail, source }] }`. */
function paymongoErrorMessage(body: unknown): string | null {
  const errors = asRecord(body)?.errors;
  if (!Array.isArray(errors)) return null;
  const details = errors
    .map((error) => asString(asRecord(error)?.detail))
    .filter((detail) => detail !== null);
  return details.length > 0 ? details.join('; ') : null;
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('PayMongo webhook body is not JSON');
  }
}
