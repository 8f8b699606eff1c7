import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaymentProvider, startFakePaymentProvider } from '../../../lib/demo-payment-gateway';
import { type CheckoutRequest, createPaymentProvider, WebhookSignatureError } from './payment-provider';
import { centavosToPesos, pesosToCentavos } from './xendit';

const WEBHOOK_SECRET = 'whsk_test_dues';
const CALLBACK_TOKEN = 'xendit-callback-token-for-tests';

let fake: FakePaymentProvider;
beforeAll(async () => {
  fake = await startFakePaymentProvider();
});
afterAll(() => fake.close());

const statement = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
  statementNumber: 'SOA-2026-000123',
  description: 'Membership dues 1 Jan 2026 – 30 Jun 2026',
  amountCentavos: 1_500_000,
  payerEmail: 'maria@example.org',
  successUrl: 'https://portal.example.org/dues/paid',
  cancelUrl: 'https://portal.example.org/dues',
  ...overrides,
});

/** The body of the last call the fake received at `path`. */
const lastBodyAt = (path: string) =>
  fake.requests.filter((request) => request.path === path).at(-1)?.body as Record<string, unknown>;

describe('PayMongo checkout sessions', () => {
  const paymongo = () =>
    createPaymentProvider({
      name: 'paymongo',
      secretKey: 'sk_test_dues',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.baseUrl,
    });

  it('creates a session for the exact amount, in centavos, with the statement as reference', async () => {
    const checkout = await paymongo().createCheckout(statement({ amountCentavos: 150_050 }));

    expect(checkout.url).toBe(`${fake.baseUrl}/pay/${checkout.checkoutId}`);
    const sent = lastBodyAt('/v1/checkout_sessions') as { data: { attributes: Record<string, unknown> } };
    expect(sent.data.attributes).toMatchObject({
      line_items: [
        { amount: 150_050, currency: 'PHP', quantity: 1, name: 'Membership dues 1 Jan 2026 – 30 Jun 2026' },
      ],
      payment_method_types: ['gcash', 'paymaya', 'card', 'qrph', 'dob'],
      reference_number: 'SOA-2026-000123',
      metadata: { statement_id: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11' },
      success_url: 'https://portal.example.org/dues/paid',
      cancel_url: 'https://portal.example.org/dues',
      send_email_receipt: false,
    });
    const authorization = fake.requests.at(-1)?.headers.authorization;
    expect(authorization).toBe(`Basic ${Buffer.from('sk_test_dues:').toString('base64')}`);
  });

  it('refuses an amount that is not whole centavos before calling PayMongo', async () => {
    const before = fake.requests.length;
    await expect(paymongo().createCheckout(statement({ amountCentavos: 1500.5 }))).rejects.toThrow(
      /whole number/,
    );
    await expect(paymongo().createCheckout(statement({ amountCentavos: 0 }))).rejects.toThrow(/whole number/);
    expect(fake.requests.length).toBe(before);
  });

  it('reads the session as pending, then paid with what was paid, how and when', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    expect(await provider.fetchCheckout(checkoutId)).toEqual({
      checkoutId,
      state: 'pending',
      paymentId: null,
      amountCentavos: null,
      currency: null,
      paidAt: null,
      method: null,
    });

    fake.markPaid(checkoutId, { method: 'paymaya' });
    const status = await provider.fetchCheckout(checkoutId);
    expect(status).toMatchObject({
      checkoutId,
      state: 'paid',
      amountCentavos: 1_500_000,
      currency: 'PHP',
      method: 'paymaya',
    });
    expect(status.paymentId).toMatch(/^pay_/);
    expect(Math.abs((status.paidAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('reads an unpaid session that ran out as expired', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markExpired(checkoutId);
    expect((await provider.fetchCheckout(checkoutId)).state).toBe('expired');
  });

  it('throws with PayMongo’s own message when a call is refused', async () => {
    await expect(paymongo().fetchCheckout('cs_missing')).rejects.toThrow(
      /PayMongo GET \/v1\/checkout_sessions\/cs_missing failed \(404\): No such checkout_session/,
    );
  });

  it('verifies a signed checkout_session.payment.paid event and reports the payment', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId, { amountCentavos: 1_400_000, method: 'gcash' });
    const { body, headers } = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET);

    const event = provider.verifyWebhook(body, headers);

    expect(event?.eventId).toMatch(/^evt_/);
    expect(event?.statementId).toBe('0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11');
    // The paid amount is reported as paid, not as billed: the caller compares it with the statement.
    expect(event?.status).toMatchObject({
      checkoutId,
      state: 'paid',
      amountCentavos: 1_400_000,
      currency: 'PHP',
      method: 'gcash',
    });
  });

  it('checks the live signature in live mode, and only that one', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId);
    const live = createPaymentProvider({
      name: 'paymongo',
      secretKey: 'sk_live_dues',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.baseUrl,
      livemode: true,
    });
    const liveEvent = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET, { livemode: true });
    const testEvent = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET);

    expect(live.verifyWebhook(liveEvent.body, liveEvent.headers)?.status.state).toBe('paid');
    expect(() => live.verifyWebhook(testEvent.body, testEvent.headers)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(liveEvent.body, liveEvent.headers)).toThrow(WebhookSignatureError);
  });

  it('refuses a forged signature, a missing header, a tampered body and a stale or future timestamp', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId);
    const { body, headers } = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET);
    const forged = fake.signedPaymongoWebhook(checkoutId, 'not-the-secret');
    const tampered = Buffer.from(body.toString('utf8').replace('"amount":1500000', '"amount":100'));
    expect(tampered.equals(body)).toBe(false);
    const sixMinutes = 6 * 60 * 1000;
    const stale = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET, {
      timestamp: new Date(Date.now() - sixMinutes),
    });

    for (const [rawBody, sentHeaders, now] of [
      [forged.body, forged.headers, undefined],
      [body, {}, undefined],
      [body, { 'paymongo-signature': 't=1700000000' }, undefined],
      [
        body,
        { 'paymongo-signature': headers['paymongo-signature']?.replace(/te=[0-9a-f]{6}/, 'te=000000') },
        undefined,
      ],
      [tampered, headers, undefined],
      [stale.body, stale.headers, undefined],
      [body, headers, new Date(Date.now() + sixMinutes)],
    ] as const) {
      expect(() => provider.verifyWebhook(rawBody, sentHeaders, now)).toThrow(WebhookSignatureError);
    }
    // Within the window either way, it passes.
    expect(provider.verifyWebhook(body, headers, new Date(Date.now() + 4 * 60 * 1000))).not.toBeNull();
  });

  it('ignores event types other than checkout_session.payment.paid, once they are verified', async () => {
    const provider = paymongo();
    const { checkoutId } = await provider.createCheckout(statement());
    const { body, headers } = fake.signedPaymongoWebhook(checkoutId, WEBHOOK_SECRET, {
      type: 'payment.failed',
    });
    expect(provider.verifyWebhook(body, headers)).toBeNull();
    const forged = fake.signedPaymongoWebhook(checkoutId, 'not-the-secret', { type: 'payment.failed' });
    expect(() => provider.verifyWebhook(forged.body, forged.headers)).toThrow(WebhookSignatureError);
  });
});

describe('Xendit invoices', () => {
  const xendit = () =>
    createPaymentProvider({
      name: 'xendit',
      secretKey: 'xnd_development_dues',
      callbackToken: CALLBACK_TOKEN,
      apiUrl: fake.baseUrl,
    });

  it('creates an invoice for the exact amount in pesos, with the statement as external id', async () => {
    const checkout = await xendit().createCheckout(statement());

    expect(checkout.url).toBe(`${fake.baseUrl}/pay/${checkout.checkoutId}`);
    expect(lastBodyAt('/v2/invoices')).toMatchObject({
      external_id: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      amount: 15000,
      currency: 'PHP',
      description: 'SOA-2026-000123: Membership dues 1 Jan 2026 – 30 Jun 2026',
      payer_email: 'maria@example.org',
      success_redirect_url: 'https://portal.example.org/dues/paid',
      failure_redirect_url: 'https://portal.example.org/dues',
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('xnd_development_dues:').toString('base64')}`,
    );
  });

  it('sends fractional pesos exactly, as JSON writes them', async () => {
    await xendit().createCheckout(statement({ amountCentavos: 150_050, payerEmail: null }));
    const sent = fake.requests.at(-1);
    expect(JSON.stringify(sent?.body)).toContain('"amount":1500.5,');
    expect(sent?.body).not.toHaveProperty('payer_email');

    // What goes on the wire, written out: JSON keeps no trailing zero and never an exponent here.
    const onTheWire: [number, string][] = [
      [1, '0.01'],
      [5, '0.05'],
      [10, '0.1'],
      [29, '0.29'],
      [99, '0.99'],
      [101, '1.01'],
      [115, '1.15'],
      [1999, '19.99'],
      [150_050, '1500.5'],
      [1_500_000, '15000'],
      [123_456_789, '1234567.89'],
      [99_999_999_999, '999999999.99'],
    ];
    for (const [centavos, json] of onTheWire) {
      const pesos = centavosToPesos(centavos);
      expect(JSON.stringify(pesos)).toBe(json);
      expect(pesosToCentavos(JSON.parse(json))).toBe(centavos);
    }
    // Every centavo amount up to ₱10,000 survives the trip both ways.
    const lost: number[] = [];
    for (let centavos = 1; centavos <= 1_000_000; centavos++) {
      if (pesosToCentavos(JSON.parse(JSON.stringify(centavosToPesos(centavos)))) !== centavos)
        lost.push(centavos);
    }
    expect(lost).toEqual([]);
    expect(pesosToCentavos(0.29)).toBe(29);
    expect(pesosToCentavos(1.15)).toBe(115);
    expect(pesosToCentavos(15000)).toBe(1_500_000);
    for (const wrong of [1500.505, 0.001, -1, Number.NaN, '1500.50', null]) {
      expect(() => pesosToCentavos(wrong)).toThrow(/at most two decimals/);
    }
  });

  it('reads the invoice as pending, then paid with what was paid, how and when', async () => {
    const provider = xendit();
    const { checkoutId } = await provider.createCheckout(statement({ amountCentavos: 150_050 }));
    expect(await provider.fetchCheckout(checkoutId)).toEqual({
      checkoutId,
      state: 'pending',
      paymentId: null,
      amountCentavos: null,
      currency: null,
      paidAt: null,
      method: null,
    });

    fake.markPaid(checkoutId, { method: 'dd_bpi' });
    const status = await provider.fetchCheckout(checkoutId);
    expect(status).toMatchObject({
      checkoutId,
      state: 'paid',
      amountCentavos: 150_050,
      currency: 'PHP',
      method: 'dd_bpi',
    });
    expect(status.paymentId).toMatch(/^ewc_/);
    expect(Math.abs((status.paidAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('reads an unpaid invoice that ran out as expired', async () => {
    const provider = xendit();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markExpired(checkoutId);
    expect((await provider.fetchCheckout(checkoutId)).state).toBe('expired');
  });

  it('throws with Xendit’s own message when a call is refused', async () => {
    await expect(xendit().fetchCheckout('missing')).rejects.toThrow(
      /Xendit GET \/v2\/invoices\/missing failed \(404\): INVOICE_NOT_FOUND_ERROR: Invoice not found/,
    );
  });

  it('verifies an invoice callback by its token and reports the payment', async () => {
    const provider = xendit();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId, { amountCentavos: 1_499_999, method: 'gcash' });
    const { body, headers } = fake.xenditCallback(checkoutId, CALLBACK_TOKEN);

    const event = provider.verifyWebhook(body, headers);

    expect(event).toMatchObject({
      eventId: `${checkoutId}:PAID`,
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      status: { checkoutId, state: 'paid', amountCentavos: 1_499_999, currency: 'PHP', method: 'gcash' },
    });
  });

  it('refuses a wrong or missing token, whatever the body says', async () => {
    const provider = xendit();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId);
    const { body } = fake.xenditCallback(checkoutId, CALLBACK_TOKEN);

    for (const headers of [
      {},
      { 'x-callback-token': '' },
      { 'x-callback-token': 'wrong' },
      { 'x-callback-token': `${CALLBACK_TOKEN}x` },
      { 'x-callback-token': CALLBACK_TOKEN.slice(0, -1) },
      { 'x-callback-token': [CALLBACK_TOKEN, CALLBACK_TOKEN] },
    ]) {
      expect(() => provider.verifyWebhook(body, headers)).toThrow(WebhookSignatureError);
    }
  });

  it('ignores callbacks that are not invoice updates', () => {
    const provider = xendit();
    const headers = { 'x-callback-token': CALLBACK_TOKEN };
    const capture = Buffer.from(
      JSON.stringify({ event: 'ewallet.capture', data: { id: 'ewc_1', status: 'SUCCEEDED' } }),
    );
    expect(provider.verifyWebhook(capture, headers)).toBeNull();
    const strange = Buffer.from(JSON.stringify({ id: 'inv_1', external_id: 'x', status: 'SOMETHING_NEW' }));
    expect(provider.verifyWebhook(strange, headers)).toBeNull();
  });

  it('refuses a callback whose paid amount is not whole centavos', async () => {
    const provider = xendit();
    const { checkoutId } = await provider.createCheckout(statement());
    fake.markPaid(checkoutId, { amountCentavos: 150_050.5 });
    const { body, headers } = fake.xenditCallback(checkoutId, CALLBACK_TOKEN);
    expect(() => provider.verifyWebhook(body, headers)).toThrow(/at most two decimals/);
  });
});
