import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/shared';
import { Secret, TOTP } from 'otpauth';
import { inject } from 'vitest';

/**
 * Two-step sign-in for the journeys (decision 061): this module plays the authenticator app. Given
 * an account's secret it computes the code from the SERVER's clock (a journey with a clock of its
 * own registers it, clock-server.ts), and it keeps, per server and account, the secret, the last
 * 30-second step whose code was used and the unused recovery codes, in a file every journey file
 * shares, behind a lock: the server refuses a code of a step already used, so two files signing
 * the demo admin in within the same step must not both send that step's code. The second one
 * uses a recovery code instead (and new ones are asked for when few are left).
 */

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** The code an authenticator app with `secret` shows at `now`. */
export const totpCode = (secret: string, now: Date | number = Date.now()) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: typeof now === 'number' ? now : now.getTime() });

const clocks = new Map<string, () => Promise<Date>>();

/** A server whose clock is not this machine's (clock-server.ts): codes for it come from `readClock`. */
export function registerServerClock(baseUrl: string, readClock: () => Promise<Date>) {
  clocks.set(baseUrl, readClock);
}

/** The time on the server at `baseUrl`: asked of it when it has a clock of its own, else this machine's. */
export const serverNow = async (baseUrl: string) => (await clocks.get(baseUrl)?.()) ?? new Date();

export type SecondFactorState = {
  secret?: string;
  /** The last 30-second step whose code was sent. */
  lastStep?: number;
  recoveryCodes?: string[];
};

/** The shared server's data folder (one per run), so no state outlives its servers. */
const stateRoot = () => join(inject('dataDir'), 'e2e-second-factor');
const stateFile = (baseUrl: string, email: string) =>
  join(
    stateRoot(),
    createHash('sha256').update(`${baseUrl}|${email.toLowerCase()}`).digest('hex').slice(0, 24),
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the account's lock (a directory: mkdir is atomic), with its state. */
export async function withSecondFactorState<T>(
  baseUrl: string,
  email: string,
  work: (state: SecondFactorState) => Promise<T>,
): Promise<T> {
  const file = stateFile(baseUrl, email);
  const lock = `${file}.lock`;
  await mkdir(stateRoot(), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a journey that crashed mid-sign-in: nothing holds it this long.
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 30_000) await rm(lock, { recursive: true, force: true });
      if (attempt > 1200) throw new Error(`Waited a minute for the second-factor lock of ${email}`);
      await sleep(50);
    }
  }
  try {
    const state: SecondFactorState = JSON.parse(await readFile(file, 'utf8').catch(() => '{}'));
    const result = await work(state);
    await writeFile(file, JSON.stringify(state));
    return result;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * The next code to send for this account: the current step's TOTP when that step is unused, else
 * a recovery code (each once). Call it holding the lock, then send the code before releasing it.
 */
export async function claimCode(
  baseUrl: string,
  state: SecondFactorState,
): Promise<{ code: string; kind: 'totp' | 'recovery' }> {
  if (!state.secret) throw new Error('This account has no second factor the journeys know of');
  const now = (await serverNow(baseUrl)).getTime();
  const step = Math.floor(now / PERIOD_MS);
  if ((state.lastStep ?? Number.NEGATIVE_INFINITY) < step) {
    state.lastStep = step;
    return { code: totpCode(state.secret, now), kind: 'totp' };
  }
  const recovery = state.recoveryCodes?.shift();
  if (!recovery) throw new Error('No unused recovery code left for this account');
  return { code: recovery, kind: 'recovery' };
}

/** How the sign-in helpers (and a journey's own API calls) talk to the server: a method, a path, a JSON body; status and JSON back. */
export type Send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: () => Promise<unknown> }>;

type Profile = { secondFactor?: { enrolled: boolean; required: boolean } } & Record<string, unknown>;

/**
 * Signs `email` in through `send` (whose cookies persist between calls), passing two-step sign-in
 * the way its owner would: the second step with a code when it is on; when the account must have it
 * (staff) and has not, setting it up first, as the set-up page does. Returns the profile.
 */
export async function signInWithSecondFactor<P extends Profile>(
  baseUrl: string,
  send: Send,
  email: string,
  password: string,
): Promise<P> {
  return withSecondFactorState(baseUrl, email, async (state) => {
    const login = await send('POST', '/api/auth/login', { email, password });
    const body = (await login.json()) as { data?: { profile?: P; secondFactor?: string } };
    if (login.status !== 200 || !body.data)
      throw new Error(`Login as ${email} failed: ${login.status} ${JSON.stringify(body)}`);
    let profile: P;
    if (body.data.secondFactor === 'required') {
      const { code } = await claimCode(baseUrl, state);
      const verified = await send('POST', '/api/auth/2fa/verify', { code });
      const answer = (await verified.json()) as { data: { profile: P } };
      if (verified.status !== 200)
        throw new Error(`The second step of ${email} failed: ${verified.status} ${JSON.stringify(answer)}`);
      profile = answer.data.profile;
    } else {
      profile = body.data.profile as P;
      if (profile.secondFactor?.required && !profile.secondFactor.enrolled) {
        await enrol(baseUrl, send, state);
        profile = { ...profile, secondFactor: { required: true, enrolled: true } };
      }
    }
    // Few recovery codes left: ten new ones, while this session has just passed the second step.
    if (state.secret && (state.recoveryCodes?.length ?? 0) <= 3) {
      const renewed = await send('POST', '/api/auth/2fa/recovery-codes');
      if (renewed.status !== 200)
        throw new Error(`New recovery codes for ${email} failed: ${renewed.status}`);
      state.recoveryCodes = (
        (await renewed.json()) as { data: { recoveryCodes: string[] } }
      ).data.recoveryCodes;
    }
    return profile;
  });
}

/** Sets two-step sign-in up for the signed-in account of `send`, recording its secret and codes. */
async function enrol(baseUrl: string, send: Send, state: SecondFactorState) {
  const enrolled = await send('POST', '/api/auth/2fa/totp/enrol');
  if (enrolled.status !== 200) throw new Error(`Enrolment failed: ${enrolled.status}`);
  state.secret = ((await enrolled.json()) as { data: { secret: string } }).data.secret;
  state.lastStep = undefined;
  const { code } = await claimCode(baseUrl, state);
  const confirmed = await send('POST', '/api/auth/2fa/totp/confirm', { code });
  if (confirmed.status !== 200) throw new Error(`Confirming the enrolment failed: ${confirmed.status}`);
  state.recoveryCodes = (
    (await confirmed.json()) as { data: { recoveryCodes: string[] } }
  ).data.recoveryCodes;
}

/** A `Send` over plain fetch with a cookie jar of its own; `cookie()` is the jar as a Cookie header. */
export function fetchSession(baseUrl: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const send: Send = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: cookie() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, json: async () => (text ? JSON.parse(text) : undefined) };
  };
  return { send, cookie };
}
