import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRequest, createPaymentProvider } from './payment-provider';

/*
 * The payment clients against answers in the shape PayMongo and Xendit document, not only against
 * our own fake gateway (providers.test.ts), whose answers carry just the fields we read. Each file
 * in provider-answers/ is a whole answer as the providers' references list its fields (PayMongo's
 * checkout session and event resources, Xendit's Invoice and InvoiceCallback models), with every
 * field they send and we ignore, nulls where they send nulls, and invented ids: no live account is
 * reachable from where this was written, so a recording from a test account should replace a file
 * when one is made. A client that reads a field the providers do not send, or reads it as the wrong
 * type, fails here.
 */
const answer = (name: string) =>
  readFileSync(new URL(`./provider-answers/${name}.json`, import.meta.url), 'utf8');

/** Method and path → the status and the file a plain HTTP server answers with. */
const routes = new Map<string, { status: number; file: string }>([
  ['POST /v1/checkout_sessions', { status: 200, file: 'paymongo-checkout-session-created' }],
  [
    'GET /v1/checkout_sessions/cs_8vYh3bXk2mQ9dW5nR7tLpE4a',
    { status: 200, file: 'paymongo-checkout-session-paid' },
  ],
  ['GET /v1/checkout_sessions/cs_missing', { status: 404, file: 'paymongo-error-not-found' }],
  ['POST /v2/invoices', { status: 200, file: 'xendit-invoice-created' }],
  ['GET /v2/invoices/6790f2a1c4b8e3d5f7a90b12', { status: 200, file: 'xendit-invoice-settled' }],
  ['GET /v2/invoices/missing', { status: 404, file: 'xendit-error-not-found' }],
]);

let server: Server;
let apiUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes.get(`${request.method} ${request.url}`);
    response.writeHead(route?.status ?? 500, { 'content-type': 'application/json' });
    response.end(route ? answer(route.file) : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const statement: CheckoutRequest = {
  statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
  statementNumber: 'SOA-2026-000123',
  description: 'Membership dues 1 Jan 2026 – 30 Jun 2026',
  amountCentavos: 1_500_000,
  payerEmail: 'maria@example.org',
  successUrl: 'https://portal.example.org/dues/paid',
  cancelUrl: 'https://portal.example.org/dues',
};

const paidGcash = {
  state: 'paid',
  amountCentavos: 1_500_000,
  currency: 'PHP',
  method: 'gcash',
} as const;

describe('PayMongo, on answers as PayMongo documents them', () => {
  const webhookSecret = 'whsk_documented';
  const paymongo = () =>
    createPaymentProvider({ name: 'paymongo', secretKey: 'sk_test_documented', webhookSecret, apiUrl });
  const signed = (body: string, now: Date) => {
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex');
    return { 'paymongo-signature': `t=${timestamp},te=${signature},li=` };
  };

  it('reads a created session’s id and hosted page', async () => {
    expect(await paymongo().createCheckout(statement)).toEqual({
      checkoutId: 'cs_8vYh3bXk2mQ9dW5nR7tLpE4a',
      url: 'https://checkout.paymongo.com/cs_8vYh3bXk2mQ9dW5nR7tLpE4a_client_Xq2v#cGtfdGVzdF9rZXk=',
    });
  });

  it('reads a paid session: the payment, its amount in centavos, the wallet and the time', async () => {
    expect(await paymongo().fetchCheckout('cs_8vYh3bXk2mQ9dW5nR7tLpE4a')).toEqual({
      checkoutId: 'cs_8vYh3bXk2mQ9dW5nR7tLpE4a',
      paymentId: 'pay_Qm4cV7nX2bR9tK5wE8yL1hPz',
      paidAt: new Date(1_767_226_015_000),
      ...paidGcash,
    });
  });

  it('reads a signed checkout_session.payment.paid event and ignores payment.paid', () => {
    const now = new Date(1_767_226_020_000);
    const paid = answer('paymongo-webhook-checkout-session-payment-paid');
    expect(paymongo().verifyWebhook(Buffer.from(paid), signed(paid, now), now)).toEqual({
      eventId: 'evt_Wc9mR2xT6vB1nK8qE4yH7sLd',
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      status: expect.objectContaining({ checkoutId: 'cs_8vYh3bXk2mQ9dW5nR7tLpE4a', ...paidGcash }),
    });
    const other = answer('paymongo-webhook-payment-paid');
    expect(paymongo().verifyWebhook(Buffer.from(other), signed(other, now), now)).toBeNull();
  });

  it('says what PayMongo refused, in its own words', async () => {
    await expect(paymongo().fetchCheckout('cs_missing')).rejects.toThrow(
      'PayMongo GET /v1/checkout_sessions/cs_missing failed (404): No such checkout_session with id cs_missing.',
    );
  });

  it('refuses a paid payment whose amount is not whole centavos, naming the field', async () => {
    const now = new Date(1_767_226_020_000);
    const event = JSON.parse(answer('paymongo-webhook-checkout-session-payment-paid'));
    event.data.attributes.data.attributes.payments[0].attributes.amount = 15_000.5;
    const body = JSON.stringify(event);
    expect(() => paymongo().verifyWebhook(Buffer.from(body), signed(body, now), now)).toThrow(
      /PayMongo webhook session is not as documented: .*\n.*attributes\.payments\[0\]\.attributes\.amount/,
    );
  });
});

describe('Xendit, on invoices as Xendit documents them', () => {
  const callbackToken = 'xendit-documented-token';
  const xendit = () =>
    createPaymentProvider({ name: 'xendit', secretKey: 'xnd_documented', callbackToken, apiUrl });
  const headers = { 'x-callback-token': callbackToken };

  it('reads a created invoice’s id and hosted page', async () => {
    expect(await xendit().createCheckout(statement)).toEqual({
      checkoutId: '6790f2a1c4b8e3d5f7a90b12',
      url: 'https://checkout-staging.xendit.co/web/6790f2a1c4b8e3d5f7a90b12',
    });
  });

  it('reads a settled invoice as paid, pesos to centavos, the channel in lower case', async () => {
    expect(await xendit().fetchCheckout('6790f2a1c4b8e3d5f7a90b12')).toEqual({
      checkoutId: '6790f2a1c4b8e3d5f7a90b12',
      paymentId: 'ewc_4f8b2c1d-9e3a-4b7c-8d5f-2a6e1c9b3d7f',
      paidAt: new Date('2026-01-01T00:07:31.000Z'),
      ...paidGcash,
    });
  });

  it('reads the paid and the expired invoice callbacks', () => {
    expect(xendit().verifyWebhook(Buffer.from(answer('xendit-invoice-callback-paid')), headers)).toEqual({
      eventId: '6790f2a1c4b8e3d5f7a90b12:PAID',
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      status: expect.objectContaining({ checkoutId: '6790f2a1c4b8e3d5f7a90b12', ...paidGcash }),
    });
    expect(xendit().verifyWebhook(Buffer.from(answer('xendit-invoice-callback-expired')), headers)).toEqual({
      eventId: '6790f2a1c4b8e3d5f7a90b12:EXPIRED',
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      status: expect.objectContaining({ state: 'expired', amountCentavos: null }),
    });
  });

  it('refuses a paid callback whose amount is text, naming the field', () => {
    const body = JSON.stringify({
      ...JSON.parse(answer('xendit-invoice-callback-paid')),
      paid_amount: '15000',
    });
    expect(() => xendit().verifyWebhook(Buffer.from(body), headers)).toThrow(
      /Xendit invoice callback is not as documented: .*\n.*paid_amount/,
    );
  });

  it('says what Xendit refused, in its own words', async () => {
    await expect(xendit().fetchCheckout('missing')).rejects.toThrow(
      'Xendit GET /v2/invoices/missing failed (404): INVOICE_NOT_FOUND_ERROR: Invoice not found',
    );
  });
});
