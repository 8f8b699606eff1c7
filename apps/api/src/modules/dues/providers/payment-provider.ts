import { createPaymongoProvider } from './paymongo';
import { createXenditProvider } from './xendit';

/** What we ask a provider to collect: one statement of account, paid in full, in PHP. */
export type CheckoutRequest = {
  /** Our id, echoed back by the provider (PayMongo metadata, Xendit external_id). */
  statementId: string;
  /** 'SOA-2026-000123', shown to the payer. */
  statementNumber: string;
  /** 'Membership dues 1 Jan 2026 – 30 Jun 2026'. */
  description: string;
  /** Integer centavos, PHP; always read from our statement, never from the browser. */
  amountCentavos: number;
  payerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
};

/** A hosted payment page: where to send the payer, and the id to ask about it later. */
export type Checkout = { checkoutId: string; url: string };

/** What the provider says about one checkout, in our units (centavos, Date). */
export type CheckoutStatus = {
  checkoutId: string;
  state: 'pending' | 'paid' | 'expired';
  /** The provider's payment id when paid. */
  paymentId: string | null;
  /** What was actually paid, which the caller compares with the statement. */
  amountCentavos: number | null;
  currency: string | null;
  paidAt: Date | null;
  /** e.g. 'gcash', 'card', 'paymaya', 'qrph', 'dd_bpi', as the provider names it. */
  method: string | null;
};

export type WebhookEvent = { eventId: string; statementId: string | null; status: CheckoutStatus };

/** A webhook whose signature or token is missing or wrong, or (PayMongo) too old: answer 401, do nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: 'paymongo' | 'xendit';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Verifies on the RAW body bytes; throws WebhookSignatureError when the signature/token is
   * missing, wrong, or (PayMongo) the timestamp is outside a 5-minute window of `now`. Returns the
   * parsed event, or null for event types we ignore.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now?: Date,
  ): WebhookEvent | null;
  fetchCheckout(checkoutId: string): Promise<CheckoutStatus>;
}

export type PaymentProviderOptions =
  | { name: 'paymongo'; secretKey: string; webhookSecret: string; apiUrl?: string; livemode?: boolean }
  | { name: 'xendit'; secretKey: string; callbackToken: string; apiUrl?: string };

export function createPaymentProvider(options: PaymentProviderOptions): PaymentProvider {
  switch (options.name) {
    case 'paymongo':
      return createPaymongoProvider(options);
    case 'xendit':
      return createXenditProvider(options);
    default:
      // Reachable only from untyped configuration; fail at start-up rather than at the first payment.
      throw new Error(`Unknown payment provider: ${(options as { name: unknown }).name}`);
  }
}
