import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_REFUSED_IN_PRODUCTION, loadConfig } from './config';
import {
  DEMO_GATEWAY_BANNER,
  type FakePaymentProvider,
  startFakePaymentProvider,
} from './lib/demo-payment-gateway';
import { createPaymentProvider } from './modules/dues/providers/payment-provider';
import { STARTUP_LINES, startLogLevel } from './startup-output';

describe('PAYMENT_PROVIDER=demo (npm run demo:gateway)', () => {
  let gateway: FakePaymentProvider | null = null;
  afterEach(async () => {
    await gateway?.close();
    gateway = null;
  });

  it('is refused with NODE_ENV=production, which is also the default', () => {
    for (const environment of [
      { PAYMENT_PROVIDER: 'demo' },
      { PAYMENT_PROVIDER: 'demo', NODE_ENV: 'production' },
    ]) {
      expect(() => loadConfig(environment)).toThrow(DEMO_GATEWAY_REFUSED_IN_PRODUCTION);
    }
  });

  it('speaks PayMongo with made-up keys in development, and needs none', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'demo', NODE_ENV: 'development' });
    expect(config.demoGateway).toBe(true);
    expect(config.paymentProvider).toMatchObject({ name: 'paymongo', livemode: false });
    expect(loadConfig({ NODE_ENV: 'development' }).demoGateway).toBe(false);
  });

  it('serves a pay page marked as a demonstration, and paying there marks the checkout paid', async () => {
    gateway = await startFakePaymentProvider({ demo: true });
    const config = loadConfig({ PAYMENT_PROVIDER: 'demo', NODE_ENV: 'development' });
    if (!config.paymentProvider) throw new Error('no provider');
    const provider = createPaymentProvider({ ...config.paymentProvider, apiUrl: gateway.baseUrl });
    const checkout = await provider.createCheckout({
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      statementNumber: 'SOA-2026-000123',
      description: 'Membership dues',
      amountCentavos: 1_500_000,
      payerEmail: null,
      successUrl: 'http://localhost:3000/dues/paid',
      cancelUrl: 'http://localhost:3000/dues',
    });

    const page = await (await fetch(checkout.url)).text();
    expect(page).toContain('<title>Demonstration payment gateway</title>');
    expect(page).toContain(DEMO_GATEWAY_BANNER);
    expect(page).toContain('Amount due: PHP 15000.00');

    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:3000/dues/paid');
    expect(await provider.fetchCheckout(checkout.checkoutId)).toMatchObject({
      state: 'paid',
      amountCentavos: 1_500_000,
    });
  });

  it('keeps the tests’ pay page without the banner', async () => {
    gateway = await startFakePaymentProvider();
    const provider = createPaymentProvider({
      name: 'paymongo',
      secretKey: 'sk_test_x',
      webhookSecret: 'w',
      apiUrl: gateway.baseUrl,
    });
    const checkout = await provider.createCheckout({
      statementId: '0b7c3a8e-5f0e-4c55-9d6a-2f1f9a0c1d11',
      statementNumber: 'SOA-2026-000124',
      description: 'Membership dues',
      amountCentavos: 100,
      payerEmail: null,
      successUrl: 'http://localhost:3000/dues/paid',
      cancelUrl: 'http://localhost:3000/dues',
    });
    expect(await (await fetch(checkout.url)).text()).not.toContain(DEMO_GATEWAY_BANNER);
  });
});

describe('npm start in a terminal', () => {
  it('logs every request at info when stdout is not a terminal (production, a log collector)', () => {
    expect(startLogLevel('info', { explicit: false, terminal: false })).toBe('info');
  });

  it('keeps only warnings in a terminal, unless LOG_LEVEL says otherwise', () => {
    expect(startLogLevel('info', { explicit: false, terminal: true })).toBe('warn');
    expect(startLogLevel('info', { explicit: true, terminal: true })).toBe('info');
    expect(startLogLevel('debug', { explicit: true, terminal: true })).toBe('debug');
  });

  it('names the demonstration gateway’s address in its start line', () => {
    expect(STARTUP_LINES.demoGateway('http://127.0.0.1:4321')).toContain('http://127.0.0.1:4321');
    expect(STARTUP_LINES.demoGateway('http://127.0.0.1:4321')).toContain('No money changes hands');
  });
});
