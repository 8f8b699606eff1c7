import { DUES_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesPayments } from '../../db/schema';
import { type FakePaymentProvider, startFakePaymentProvider } from '../../lib/demo-payment-gateway';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { pollPendingCheckouts } from './online';
import { createPaymentProvider } from './providers/payment-provider';

const PAYMONGO_SECRET = 'whsk_test_secret';
const XENDIT_TOKEN = 'xendit-callback-token';

let fake: FakePaymentProvider;
let paymongo: Awaited<ReturnType<typeof buildTestApp>>;
let xendit: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  fake = await startFakePaymentProvider();
  [paymongo, xendit] = await Promise.all([
    buildTestApp({
      PAYMENT_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_test_key',
      PAYMONGO_WEBHOOK_SECRET: PAYMONGO_SECRET,
      PAYMENT_API_URL: fake.baseUrl,
    }),
    buildTestApp({
      PAYMENT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: 'xnd_development_key',
      XENDIT_CALLBACK_TOKEN: XENDIT_TOKEN,
      PAYMENT_API_URL: fake.baseUrl,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([paymongo?.close(), xendit?.close()]);
  await fake?.close();
});

type Context = typeof paymongo;

/** An approved member and their first statement, as approval issues it. */
async function billedMember(context: Context) {
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  const adminCookie = (await signIn(context, admin)).cookie;
  const user = await createUser(context.db, { password: null });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category: 'Individual',
    startsAt: null,
    expiresAt: null,
  });
  await context.app.inject({
    method: 'PUT',
    url: `/api/memberships/update/${membership.id}`,
    headers: { cookie: adminCookie },
    payload: { status: 'approved' },
  });
  const cookie = (await signIn(context, user)).cookie;
  const list = await context.app.inject({ method: 'GET', url: '/api/dues/statements', headers: { cookie } });
  expect(list.json().data.onlinePayment).toBe(true);
  return { cookie, statement: list.json().data.statements[0] as { id: string; number: string } };
}

async function checkout(context: Context, statementId: string, cookie: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/dues/statements/${statementId}/checkout`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  const url: string = response.json().data.url;
  return url.slice(url.lastIndexOf('/') + 1);
}

const statementOf = async (context: Context, id: string, cookie: string) =>
  (await context.app.inject({ method: 'GET', url: `/api/dues/statements/${id}`, headers: { cookie } })).json()
    .data;

const deliver = (
  context: Context,
  gateway: string,
  webhook: { body: Buffer; headers: Record<string, string> },
) =>
  context.app.inject({
    method: 'POST',
    url: `/api/dues/webhooks/${gateway}`,
    headers: { 'content-type': 'application/json', ...webhook.headers },
    payload: webhook.body,
  });

describe('paying online through PayMongo', () => {
  it("asks for the statement's balance, and a signed webhook records one payment with a receipt", async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    const created = fake.requests.find((request) => request.path === '/v1/checkout_sessions');
    expect(JSON.stringify(created?.body)).toContain('300000');

    fake.markPaid(checkoutId);
    const webhook = fake.signedPaymongoWebhook(checkoutId, PAYMONGO_SECRET);
    const delivered = await deliver(paymongo, 'paymongo', webhook);
    expect(delivered.json()).toEqual({ data: { outcome: 'recorded' } });
    const paid = await statementOf(paymongo, statement.id, cookie);
    expect(paid).toMatchObject({ status: 'paid', balance: 0 });
    expect(paid.payments[0]).toMatchObject({ status: 'recorded', method: 'GCash' });
    expect(paid.payments[0].receiptNumber).toMatch(/^AR-/);

    // The same event again, and the poll after it, change nothing.
    expect((await deliver(paymongo, 'paymongo', webhook)).json().data.outcome).toBe('unchanged');
    await pollPendingCheckouts({ ...paymongo, provider: providerOf(paymongo) });
    expect((await statementOf(paymongo, statement.id, cookie)).payments).toHaveLength(1);
  });

  it('refuses a forged, unsigned or tampered webhook with 401 and records nothing', async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    fake.markPaid(checkoutId);
    const forged = fake.signedPaymongoWebhook(checkoutId, 'not-our-secret');
    const genuine = fake.signedPaymongoWebhook(checkoutId, PAYMONGO_SECRET);
    const tampered = { ...genuine, body: Buffer.from(genuine.body.toString().replace('300000', '1')) };
    for (const webhook of [forged, { body: genuine.body, headers: {} }, tampered]) {
      const refused = await deliver(paymongo, 'paymongo', webhook);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe(DUES_MESSAGES.webhookRefused);
    }
    // A gateway that is not the one configured cannot be spoken for either.
    const xenditShaped = {
      body: Buffer.from(`{"id":"${checkoutId}","status":"PAID"}`),
      headers: { 'x-callback-token': XENDIT_TOKEN },
    };
    expect((await deliver(paymongo, 'xendit', xenditShaped)).statusCode).toBe(401);
    expect((await statementOf(paymongo, statement.id, cookie)).payments).toEqual([]);
  });

  it('records a payment whose webhook was lost when the pending checkouts are polled', async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    fake.markPaid(checkoutId);
    const polled = await pollPendingCheckouts({ ...paymongo, provider: providerOf(paymongo) });
    expect(polled.applied).toBeGreaterThanOrEqual(1);
    expect((await statementOf(paymongo, statement.id, cookie)).status).toBe('paid');
  });

  it("records the member's payment when they come back from the gateway's page", async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    const page = await fetch(`${fake.baseUrl}/pay/${checkoutId}`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`${paymongo.config.publicUrl}/profile?payment=done#dues`);
    const checked = await paymongo.app.inject({
      method: 'POST',
      url: '/api/dues/checkouts/check',
      headers: { cookie },
    });
    expect(checked.json().data).toEqual({ checked: 1, applied: 1 });
    expect((await statementOf(paymongo, statement.id, cookie)).status).toBe('paid');
  });

  it('holds a payment of another amount for the secretariat instead of applying it', async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    fake.markPaid(checkoutId, { amountCentavos: 100 });
    const outcome = await deliver(
      paymongo,
      'paymongo',
      fake.signedPaymongoWebhook(checkoutId, PAYMONGO_SECRET),
    );
    expect(outcome.json().data.outcome).toBe('held');
    const held = await statementOf(paymongo, statement.id, cookie);
    expect(held).toMatchObject({ status: 'issued', balance: 300_000 });
    expect(held.payments[0]).toMatchObject({
      status: 'held',
      amount: 100,
      currency: 'PHP',
      receiptNumber: null,
    });

    // Verified, it is booked at what the gateway reported, not at the checkout's amount.
    const admin = await createUser(paymongo.db, { password: null, type: 'admin' });
    const adminCookie = (await signIn(paymongo, admin)).cookie;
    const verified = await paymongo.app.inject({
      method: 'POST',
      url: `/api/dues/payments/${held.payments[0].id}/verify`,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'partly_paid', paid: 100, balance: 299_900 });
  });

  it('holds a payment in another currency, which can be rejected but never applied', async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    fake.markPaid(checkoutId, { currency: 'USD' });
    const outcome = await deliver(
      paymongo,
      'paymongo',
      fake.signedPaymongoWebhook(checkoutId, PAYMONGO_SECRET),
    );
    expect(outcome.json().data.outcome).toBe('held');
    const held = await statementOf(paymongo, statement.id, cookie);
    expect(held.payments[0]).toMatchObject({ status: 'held', currency: 'USD', amount: 300_000 });

    const admin = await createUser(paymongo.db, { password: null, type: 'admin' });
    const adminCookie = (await signIn(paymongo, admin)).cookie;
    const decide = (action: 'verify' | 'reject', payload: object) =>
      paymongo.app.inject({
        method: 'POST',
        url: `/api/dues/payments/${held.payments[0].id}/${action}`,
        headers: { cookie: adminCookie },
        payload,
      });
    const verified = await decide('verify', {});
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toBe(DUES_MESSAGES.foreignCurrency('USD'));
    expect(await statementOf(paymongo, statement.id, cookie)).toMatchObject({
      status: 'issued',
      balance: 300_000,
    });
    const rejected = await decide('reject', { reason: 'Paid in dollars; refunded through the gateway' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.payments[0]).toMatchObject({ status: 'rejected' });
  });

  it('an admin recording the payment while the webhook arrives gives one payment applied', async () => {
    const { cookie, statement } = await billedMember(paymongo);
    const admin = await createUser(paymongo.db, { password: null, type: 'admin' });
    const adminCookie = (await signIn(paymongo, admin)).cookie;
    const checkoutId = await checkout(paymongo, statement.id, cookie);
    fake.markPaid(checkoutId);
    await Promise.all([
      deliver(paymongo, 'paymongo', fake.signedPaymongoWebhook(checkoutId, PAYMONGO_SECRET)),
      paymongo.app.inject({
        method: 'POST',
        url: `/api/dues/statements/${statement.id}/payments`,
        headers: { cookie: adminCookie },
        payload: { method: 'Cash', amount: 300_000, paid_on: new Date().toISOString().slice(0, 10) },
      }),
    ]);
    const payments = await paymongo.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.statementId, statement.id));
    expect(payments.filter((payment) => payment.status === 'recorded')).toHaveLength(1);
  });
});

describe('paying online through Xendit', () => {
  it('confirms a callback with Xendit before recording it, and refuses a wrong token', async () => {
    const { cookie, statement } = await billedMember(xendit);
    const invoiceId = await checkout(xendit, statement.id, cookie);
    const created = fake.requests.find(
      (request) => request.path === '/v2/invoices' && request.method === 'POST',
    );
    expect(JSON.stringify(created?.body)).toContain('"amount":3000');

    // A callback claiming payment before Xendit has it is checked and changes nothing.
    const early = await deliver(xendit, 'xendit', fake.xenditCallback(invoiceId, XENDIT_TOKEN));
    expect(early.json().data.outcome).toBe('unchanged');
    expect((await deliver(xendit, 'xendit', fake.xenditCallback(invoiceId, 'wrong-token'))).statusCode).toBe(
      401,
    );

    fake.markPaid(invoiceId);
    const paid = await deliver(xendit, 'xendit', fake.xenditCallback(invoiceId, XENDIT_TOKEN));
    expect(paid.json().data.outcome).toBe('recorded');
    expect((await statementOf(xendit, statement.id, cookie)).status).toBe('paid');
  });
});

const providerOf = (context: Context) => {
  if (!context.config.paymentProvider) throw new Error('no provider configured');
  return createPaymentProvider(context.config.paymentProvider);
};
