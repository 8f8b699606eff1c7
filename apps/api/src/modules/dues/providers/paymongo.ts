import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentProvider,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';
import { assertCentavos, headerValue, parseAnswer, parseJsonBody, requestJson } from './provider-http';

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

/*
 * What we read of PayMongo's answers (https://developers.paymongo.com/reference/checkout-session-resource
 * and https://developers.paymongo.com/docs/developer-tools-webhooks-events): only these fields, each
 * checked; everything else PayMongo sends is ignored. provider-answers.test.ts parses answers in
 * the documented shape, and the demo gateway's answers go through the same schemas.
 */
const text = z.string().min(1);
const payment = z.object({
  id: text,
  attributes: z.object({
    status: z.string(),
    /** Integer centavos, as PayMongo counts them. */
    amount: z.number().int().nonnegative(),
    currency: z.string().nullish(),
    /** Unix seconds. */
    paid_at: z.number().nullish(),
    source: z.object({ type: z.string().nullish() }).nullish(),
  }),
});
const checkoutSession = z.object({
  id: text,
  attributes: z.object({
    checkout_url: z.string().nullish(),
    status: z.string().nullish(),
    payments: z.array(payment).nullish(),
    payment_method_used: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});
const sessionAnswer = z.object({ data: checkoutSession });
const webhookEvent = z.object({
  data: z.object({ id: text, attributes: z.object({ type: z.string(), data: z.unknown() }) }),
});
const errorAnswer = z.object({ errors: z.array(z.object({ detail: z.string().nullish() })) });

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
      const session = parseAnswer(sessionAnswer, answer, 'PayMongo checkout session').data;
      const url = session.attributes.checkout_url;
      if (!url) throw new Error('PayMongo created a checkout session without a checkout_url');
      return { checkoutId: session.id, url };
    },

    verifyWebhook(rawBody, headers, now = new Date()): WebhookEvent | null {
      verifySignature(rawBody, headerValue(headers, 'paymongo-signature'), options, now);
      const body = parseJsonBody(rawBody, 'PayMongo webhook');
      const event = parseAnswer(webhookEvent, body, 'PayMongo webhook').data;
      if (event.attributes.type !== PAID_EVENT) return null;
      const session = parseAnswer(checkoutSession, event.attributes.data, 'PayMongo webhook session');
      const statementId = session.attributes.metadata?.statement_id;
      return {
        eventId: event.id,
        statementId: typeof statementId === 'string' && statementId !== '' ? statementId : null,
        status: sessionStatus(session),
      };
    },

    async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
      const answer = await call('GET', `/v1/checkout_sessions/${encodeURIComponent(checkoutId)}`);
      return sessionStatus(parseAnswer(sessionAnswer, answer, 'PayMongo checkout session').data);
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
function sessionStatus(session: z.output<typeof checkoutSession>): CheckoutStatus {
  const { attributes } = session;
  const paid = attributes.payments?.find((candidate) => candidate.attributes.status === 'paid');
  if (paid) {
    const { amount, currency, paid_at: paidAt, source } = paid.attributes;
    return {
      checkoutId: session.id,
      state: 'paid',
      paymentId: paid.id,
      amountCentavos: amount,
      currency: currency || null,
      paidAt: typeof paidAt === 'number' ? new Date(paidAt * 1000) : null,
      // A payment's source names e-wallets ('gcash', 'paymaya') and cards; the session's
      // payment_method_used covers the methods whose payment carries no source type.
      method: source?.type || attributes.payment_method_used || null,
    };
  }
  return {
    checkoutId: session.id,
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
  const parsed = errorAnswer.safeParse(body);
  const details = parsed.success
    ? parsed.data.errors.flatMap((error) => (error.detail ? [error.detail] : []))
    : [];
  return details.length > 0 ? details.join('; ') : null;
}
