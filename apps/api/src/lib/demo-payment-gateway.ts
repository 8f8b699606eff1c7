import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for PayMongo and Xendit on 127.0.0.1 (in lib/, not test/, because `npm run
 * demo:gateway` runs it in the server too), for the dues payment providers' tests: it speaks
 * as much of PayMongo's Checkout Sessions and Xendit's Invoices as our clients use, keeps what they
 * sent, and lets a test play the payer (markPaid) and the provider's webhook (signedPaymongoWebhook,
 * xenditCallback). Point a provider at it with `apiUrl: fake.baseUrl`. The same stand-in, its pay
 * page marked as a demonstration, lets a newcomer try "Pay online" (PAYMENT_PROVIDER=demo, main.ts).
 */

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

export type SignedWebhook = { body: Buffer; headers: Record<string, string> };

export type FakePaymentProvider = {
  baseUrl: string;
  /** Every API call received, oldest first. */
  requests: RecordedRequest[];
  /** Plays the payer: the session or invoice gets a paid payment (by default the full amount, by GCash). */
  markPaid(
    checkoutId: string,
    payment?: { amountCentavos?: number; currency?: string; method?: string },
  ): void;
  /** Lets the session or invoice run out unpaid. */
  markExpired(checkoutId: string): void;
  /** A PayMongo event about the session, signed as PayMongo signs it (test mode unless livemode). */
  signedPaymongoWebhook(
    checkoutId: string,
    secret: string,
    options?: { livemode?: boolean; timestamp?: Date; type?: string },
  ): SignedWebhook;
  /** Xendit's invoice callback for the invoice as it stands, with the given verification token. */
  xenditCallback(invoiceId: string, token: string): SignedWebhook;
  close(): Promise<void>;
};

type PaymongoSession = { id: string; attributes: Record<string, unknown> & { payments: unknown[] } };
type XenditInvoice = Record<string, unknown> & { id: string };

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * What its pay page says on top when a newcomer tries "Pay online" with it (`npm run demo:gateway`,
 * apps/api/src/main.ts): that it is a demonstration.
 */
export const DEMO_GATEWAY_BANNER =
  'Demonstration payment gateway: no money changes hands. "Pay now" marks the statement paid as a real gateway would.';

export type FakePaymentProviderOptions = {
  /** Serves the pay page with the demonstration banner (PAYMENT_PROVIDER=demo). */
  demo?: boolean;
};

export async function startFakePaymentProvider(
  options: FakePaymentProviderOptions = {},
): Promise<FakePaymentProvider> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, PaymongoSession>();
  const invoices = new Map<string, XenditInvoice>();
  let baseUrl = '';

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { message: String(error) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      return send(response, 400, { message: 'body is not JSON' });
    }
    const path = new URL(request.url ?? '/', baseUrl).pathname;
    const method = request.method ?? 'GET';
    requests.push({ method, path, headers: request.headers, body });

    // The hosted payment page a member is sent to: paying there marks the checkout paid and
    // returns them to the success address, as a gateway's page does (the browser journeys use it).
    const payPage = /^\/pay\/([^/]+)$/.exec(path);
    if (payPage) return hostedPage(decodeURIComponent(payPage[1] ?? ''), method, response);

    // Both providers take the secret key as the Basic auth user name.
    const user = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':')[0];
    if (!user) {
      return path.startsWith('/v1/')
        ? send(response, 401, { errors: [{ code: 'api_key_not_found', detail: 'API key not found.' }] })
        : send(response, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    }

    if (method === 'POST' && path === '/v1/checkout_sessions') return createSession(body, response);
    const sessionPath = /^\/v1\/checkout_sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ''));
      if (!session) {
        return send(response, 404, {
          errors: [
            { code: 'resource_not_found', detail: `No such checkout_session with id ${sessionPath[1]}.` },
          ],
        });
      }
      return send(response, 200, { data: sessionResource(session) });
    }
    if (method === 'POST' && path === '/v2/invoices') return createInvoice(body, response);
    const invoicePath = /^\/v2\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && invoicePath) {
      const invoice = invoices.get(decodeURIComponent(invoicePath[1] ?? ''));
      if (!invoice)
        return send(response, 404, { error_code: 'INVOICE_NOT_FOUND_ERROR', message: 'Invoice not found' });
      return send(response, 200, invoice);
    }
    return send(response, 404, { message: `no route ${method} ${path}` });
  }

  function hostedPage(id: string, method: string, response: ServerResponse) {
    const session = sessions.get(id);
    const invoice = invoices.get(id);
    if (!session && !invoice) return send(response, 404, { message: `no checkout ${id}` });
    const successUrl = String(session ? session.attributes.success_url : invoice?.success_redirect_url);
    if (method === 'POST') {
      controls.markPaid(id);
      response.writeHead(303, { location: successUrl, connection: 'close' });
      return response.end();
    }
    const title = options.demo ? 'Demonstration payment gateway' : 'Test payment gateway';
    const banner = options.demo
      ? `<div role="note" style="background:#fde68a;color:#451a03;padding:.75rem 1.5rem;font-weight:600;border-bottom:2px solid #b45309">${DEMO_GATEWAY_BANNER}</div>`
      : '';
    const items = session?.attributes.line_items as { amount: number }[] | undefined;
    const centavos = items ? items[0]?.amount : Math.round(Number(invoice?.amount) * 100);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    return response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;margin:0">${banner}<main style="padding:1rem 1.5rem"><h1>${title}</h1><p>Amount due: PHP ${(Number(centavos) / 100).toFixed(2)}</p><form method="post"><button type="submit">Pay now</button></form></main></body></html>`,
    );
  }

  function createSession(body: unknown, response: ServerResponse) {
    const attributes = (body as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes;
    const items = attributes?.line_items as { amount?: unknown; currency?: unknown }[] | undefined;
    const amount = items?.[0]?.amount;
    if (!attributes || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return send(response, 400, {
        errors: [{ code: 'parameter_invalid', detail: 'line_items amount must be a positive integer.' }],
      });
    }
    const id = `cs_${randomId(12)}`;
    const session: PaymongoSession = {
      id,
      attributes: {
        ...attributes,
        checkout_url: `${baseUrl}/pay/${id}`,
        livemode: false,
        status: 'active',
        payment_method_used: null,
        payments: [],
        created_at: unixSeconds(new Date()),
      },
    };
    sessions.set(id, session);
    return send(response, 200, { data: sessionResource(session) });
  }

  function createInvoice(body: unknown, response: ServerResponse) {
    const request = body as Record<string, unknown> | null;
    if (
      typeof request?.external_id !== 'string' ||
      typeof request.amount !== 'number' ||
      request.amount <= 0
    ) {
      return send(response, 400, {
        error_code: 'API_VALIDATION_ERROR',
        message: 'external_id and amount are required',
      });
    }
    const id = randomId(12);
    const now = new Date().toISOString();
    const invoice: XenditInvoice = {
      id,
      external_id: request.external_id,
      user_id: 'fake-business',
      status: 'PENDING',
      merchant_name: 'Fake Association',
      amount: request.amount,
      currency: request.currency ?? 'PHP',
      description: request.description,
      payer_email: request.payer_email,
      invoice_url: `${baseUrl}/pay/${id}`,
      success_redirect_url: request.success_redirect_url,
      failure_redirect_url: request.failure_redirect_url,
      created: now,
      updated: now,
    };
    invoices.set(id, invoice);
    return send(response, 200, invoice);
  }

  const sessionResource = (session: PaymongoSession) => ({
    id: session.id,
    type: 'checkout_session',
    attributes: session.attributes,
  });

  function send(response: ServerResponse, status: number, body: unknown) {
    // No keep-alive: a test that pauses past the server's idle timeout would otherwise have its
    // next call reuse a socket the server is closing (ECONNRESET).
    response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    response.end(JSON.stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake PayMongo has no checkout session ${id}`);
    return session;
  };
  const invoiceOf = (id: string) => {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`fake Xendit has no invoice ${id}`);
    return invoice;
  };

  const controls: FakePaymentProvider = {
    baseUrl,
    requests,

    markPaid(checkoutId, payment = {}) {
      const paidAt = new Date();
      const method = payment.method ?? 'gcash';
      const session = sessions.get(checkoutId);
      if (session) {
        const items = session.attributes.line_items as { amount: number }[];
        session.attributes.payment_method_used = method;
        session.attributes.payments.push({
          id: `pay_${randomId(12)}`,
          type: 'payment',
          attributes: {
            amount: payment.amountCentavos ?? items[0]?.amount,
            currency: payment.currency ?? 'PHP',
            status: 'paid',
            livemode: false,
            paid_at: unixSeconds(paidAt),
            source: { id: `src_${randomId(12)}`, type: method },
          },
        });
        return;
      }
      const invoice = invoiceOf(checkoutId);
      Object.assign(invoice, {
        status: 'PAID',
        paid_amount: payment.amountCentavos === undefined ? invoice.amount : payment.amountCentavos / 100,
        currency: payment.currency ?? invoice.currency,
        paid_at: paidAt.toISOString(),
        updated: paidAt.toISOString(),
        payment_method: 'EWALLET',
        payment_channel: method.toUpperCase(),
        payment_id: `ewc_${randomId(12)}`,
      });
    },

    markExpired(checkoutId) {
      const session = sessions.get(checkoutId);
      if (session) session.attributes.status = 'expired';
      else invoiceOf(checkoutId).status = 'EXPIRED';
    },

    signedPaymongoWebhook(checkoutId, secret, { livemode = false, timestamp = new Date(), type } = {}) {
      const session = sessionOf(checkoutId);
      const body = Buffer.from(
        JSON.stringify({
          data: {
            id: `evt_${randomId(12)}`,
            type: 'event',
            attributes: {
              type: type ?? 'checkout_session.payment.paid',
              livemode,
              data: sessionResource(session),
              previous_data: {},
              created_at: unixSeconds(timestamp),
              updated_at: unixSeconds(timestamp),
            },
          },
        }),
      );
      const t = unixSeconds(timestamp);
      const signature = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
      const header = livemode ? `t=${t},te=,li=${signature}` : `t=${t},te=${signature},li=`;
      return { body, headers: { 'content-type': 'application/json', 'paymongo-signature': header } };
    },

    xenditCallback(invoiceId, token) {
      const body = Buffer.from(JSON.stringify(invoiceOf(invoiceId)));
      return { body, headers: { 'content-type': 'application/json', 'x-callback-token': token } };
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return controls;
}
