import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What both clients share: the HTTP call, header reading and secret comparison. */

/** A provider that does not answer within this is treated as down; the caller retries or polls later. */
const REQUEST_TIMEOUT_MS = 10_000;

type JsonRequest = {
  provider: string;
  method: 'GET' | 'POST';
  url: string;
  secretKey: string;
  body?: unknown;
};

/**
 * Calls a provider's JSON API with HTTP Basic auth, the secret key as the user name and an empty
 * password: both PayMongo
 * (https://developers.paymongo.com/docs/payment-channels-hosted-checkout-quick-start) and Xendit
 * (https://docs.xendit.co/payment-api/integration-guide/pre-integration-checklists/) authenticate
 * this way. A non-2xx
 * answer throws with the provider's own message, so the log says what the provider refused.
 */
export async function requestJson(
  { provider, method, url, secretKey, body }: JsonRequest,
  describeError: (body: unknown) => string | null,
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message = describeError(parsed) ?? (text.slice(0, 200) || response.statusText);
    throw new Error(`${provider} ${method} ${new URL(url).pathname} failed (${response.status}): ${message}`);
  }
  if (parsed === null || typeof parsed !== 'object') {
    throw new Error(`${provider} ${method} ${new URL(url).pathname} answered with no JSON object`);
  }
  return parsed;
}

/** One header's value; Node gives lower-case names, and a repeated header as an array (refused). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/**
 * Whether two secrets are equal, in time that does not depend on where they differ.
 * timingSafeEqual needs equal lengths, so both sides are hashed first: that also hides the
 * expected secret's length.
 */
export function secretsEqual(received: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/**
 * A provider's answer (or a part of one) read through its schema: a missing or mistyped field
 * throws with Zod's account of what was wrong, so the log says which field the provider changed.
 */
export function parseAnswer<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${what} is not as documented: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A webhook's raw body as JSON; a body that is not JSON throws. */
export function parseJsonBody(rawBody: Buffer, what: string): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error(`${what} body is not JSON`);
  }
}

/** Amounts leave us only as whole, positive centavos: a fraction here is a bug upstream, not a price. */
export function assertCentavos(amountCentavos: number) {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0) {
    throw new Error(`Amount must be a positive whole number of centavos, got ${amountCentavos}`);
  }
}
