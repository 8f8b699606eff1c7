import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARD_TOKEN_MAX_LENGTH } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

const PUBLIC_URL = 'https://portal.example';
const RATE_LIMIT = 30;
let context: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;
let address = 0;
const get = (url: string, cookie?: string, remoteAddress = `10.1.0.${(address++ % 250) + 1}`) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });

const shell =
  '<!doctype html><html><head><title>Association</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-verify-'));
  const webDist = join(folder, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), shell);
  context = await buildTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL, VERIFY_RATE_LIMIT: String(RATE_LIMIT) });
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

/** A member in good standing and the path of their card's verification page. */
async function memberWithCard() {
  const user = await createUser(context.db, { password: null });
  await createMembership(context.db, user.id);
  const { cookie } = await signIn(context, user);
  const card = (await get('/api/members/card', cookie)).json().data;
  return { cookie, path: card.verifyUrl.slice(PUBLIC_URL.length) as string };
}

describe('GET /verify/{token}', () => {
  it('answers 200 with the page for a live card, 404 for one no card has', async () => {
    const { path } = await memberWithCard();
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root">');

    const token = path.slice('/verify/'.length);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [
      `/verify/${altered}`,
      '/verify/x',
      '/verify/%20%3Cscript%3E',
      '/verify/a.png',
      '/verify/%00',
      `/verify/${'a'.repeat(CARD_TOKEN_MAX_LENGTH + 1)}`,
      `/verify/${'a'.repeat(5_000)}`,
      `/verify/${token}/more`,
    ]) {
      const response = await get(guess);
      expect(response.statusCode, guess.slice(0, 40)).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('forgets the old card when the member makes a new one', async () => {
    const { cookie, path } = await memberWithCard();
    const renewed = await context.app.inject({
      method: 'POST',
      url: '/api/members/card',
      headers: { cookie },
    });
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(renewed.json().data.verifyUrl.slice(PUBLIC_URL.length))).statusCode).toBe(200);
  });

  it('is rate limited per client address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= RATE_LIMIT; index += 1) {
      statuses.push((await get('/verify/unknown', undefined, '192.0.2.9')).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await get('/verify/unknown', undefined, '192.0.2.10')).statusCode).toBe(404);
  });
});
