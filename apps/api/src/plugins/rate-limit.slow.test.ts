import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { LOGIN_SLOWDOWN_MS } from './rate-limit';

// The login held for LOGIN_SLOWDOWN_MS on a real clock (the plugin waits with node:timers/promises,
// which Vitest's fake timers do not replace): in `npm run test:slow` (docs/decisions/037). The
// other rate-limit tests are rate-limit.test.ts.

const LIMIT = 3;
/** Each request from its own address, so that only the per-e-mail count adds up. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
});
afterAll(() => context.close());

const login = (password: string, email: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: randomAddress(),
  });

describe('account rate limits', () => {
  // 20 wrong passwords from 20 addresses used to give the real owner 429 for 15 minutes
  // (docs/decisions/009).
  it('slows down, never refuses, an e-mail guessed at from many addresses', async () => {
    const user = await createUser(context.db);
    for (let index = 0; index < LIMIT + 2; index++) {
      expect((await login('Wrong-Password-1', user.email)).statusCode).toBe(401);
    }
    const startedAt = Date.now();
    const owner = await login(TEST_PASSWORD, user.email);
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS);
  });
});
