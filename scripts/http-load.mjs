// HTTP load for the benchmark (bench.mjs): requests on N connections for some seconds, and one
// request per person spread over a time on connections already open, with their percentiles.

import autocannon from 'autocannon';
import { Secret, TOTP } from 'otpauth';
import { Client } from 'undici';

export const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
};

/** Recovery codes kept from each account's two-step set-up, for its later sign-ins. */
const recoveryCodes = new Map();

/** A client keeping the cookies the API sets; `post` answers the status and the `data`. */
function apiClient(baseUrl) {
  const cookies = new Map();
  return {
    cookieHeader: () =>
      [...cookies]
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    async post(path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: this.cookieHeader() },
        body: JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [name, ...value] = line.split(';')[0].split('=');
        cookies.set(name, value.join('='));
      }
      return { status: response.status, data: (await response.json()).data };
    },
  };
}

/**
 * Signs in through the API and answers the session's cookies as one Cookie header. Staff pass
 * two-step sign-in (docs/decisions/061-two-step-sign-in.md) as apps/api/cluster/harness.ts does:
 * an account without it sets it up with its first code; one with it is verified with a recovery
 * code kept from that set-up (single use, so sign-ins within one 30-second step are not refused).
 */
export async function signIn(baseUrl, { email, password }) {
  const client = apiClient(baseUrl);
  const post = async (path, body) => {
    const { status, data } = await client.post(path, body);
    if (status !== 200) throw new Error(`${email} could not sign in (${path}): ${status}`);
    return data;
  };
  const signedIn = await post('/api/auth/login', { email, password });
  if (signedIn.secondFactor === 'required') {
    const code = recoveryCodes.get(email)?.shift();
    if (!code) throw new Error(`${email}: no recovery code kept for its second step`);
    await post('/api/auth/2fa/verify', { code });
  } else if (signedIn.profile?.secondFactor?.required && !signedIn.profile.secondFactor.enrolled) {
    const secret = await confirmTotp(email, post);
    if (!secret) throw new Error(`${email}: two-step set-up failed`);
  }
  return client.cookieHeader();
}

/** Sets up an authenticator app for the signed-in account; answers the secret. */
async function confirmTotp(email, post) {
  const { secret } = await post('/api/auth/2fa/totp/enrol', {});
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  recoveryCodes.set(email, (await post('/api/auth/2fa/totp/confirm', { code })).recoveryCodes);
  return secret;
}

/** A member turns two-step sign-in on with an authenticator app; answers its secret. */
export async function turnOnTwoStep(baseUrl, { email, password }) {
  const client = apiClient(baseUrl);
  const post = async (path, body) => {
    const { status, data } = await client.post(path, body);
    if (status !== 200) throw new Error(`${email}: ${path} answered ${status}`);
    return data;
  };
  await post('/api/auth/login', { email, password });
  return confirmTotp(email, post);
}

/** Signs in with the password, then the app's code of this moment; answers whether it passed. */
export async function signInWithCode(baseUrl, { email, password }, secret) {
  const client = apiClient(baseUrl);
  const login = await client.post('/api/auth/login', { email, password });
  if (login.status !== 200 || login.data?.secondFactor !== 'required') return false;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  return (await client.post('/api/auth/2fa/verify', { code })).status === 200;
}

export async function getJson(baseUrl, path, cookie) {
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()).data;
}

/**
 * `seconds` of requests to `path` on `connections` connections, each sending its next request
 * when its answer arrives; every answer must be a 200 whose body passes `check`. Answers every
 * answer's percentiles (autocannon itself reports p97.5 and p99, not p95).
 */
export async function measure(baseUrl, { path, check }, { connections, cookie, seconds }) {
  const latencies = [];
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration: seconds,
    timeout: 10,
    headers: cookie ? { cookie } : undefined,
    setupClient: (client) => client.on('response', (_status, _bytes, time) => latencies.push(time)),
    verifyBody: (body) => {
      try {
        return check(body);
      } catch {
        return false;
      }
    },
  });
  return {
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    perSecond: result.requests.average,
    // autocannon counts timeouts among the errors.
    errors: result.non2xx + result.errors + result.mismatches + (result.requests.total === 0 ? 1 : 0),
    timeouts: result.timeouts,
  };
}

/**
 * One request per person, spread evenly over `withinMs`, each on the person's own connection,
 * opened beforehand by `open` (the page they have in front of them), from `addressOf(person)` when
 * given (a local address: 127.x.y.z). A request is `{ method, path, cookie, json }`. When
 * `followUp(person, answer)` gives a request, the person sends it next on the same connection (a
 * registrant told the event is full joins its waitlist); its answer is the answer's `followUp`.
 * Answers the answers (status, body, time) and the p99 of every request sent.
 */
export async function spread(baseUrl, people, { open, send, addressOf, followUp }, withinMs) {
  const call = async (client, { method = 'GET', path, cookie, json }) => {
    const headers = {
      ...(cookie ? { cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
    const started = performance.now();
    try {
      const response = await client.request({ method, path, headers, body: json && JSON.stringify(json) });
      const body = await response.body.json().catch(() => undefined);
      return { status: response.statusCode, body, ms: performance.now() - started };
    } catch {
      return { status: 0, ms: performance.now() - started };
    }
  };
  const clients = people.map((person) => new Client(baseUrl, { localAddress: addressOf?.(person) }));
  try {
    await Promise.all(people.map((person, index) => call(clients[index], open(person))));
    const started = performance.now();
    const answers = await Promise.all(
      people.map(async (person, index) => {
        await new Promise((resolve) =>
          setTimeout(resolve, started + (index * withinMs) / people.length - performance.now()),
        );
        const answer = await call(clients[index], send(person));
        const next = followUp?.(person, answer);
        return next ? { ...answer, followUp: await call(clients[index], next) } : answer;
      }),
    );
    const p99 = percentile(
      answers.flatMap((answer) => (answer.followUp ? [answer.ms, answer.followUp.ms] : [answer.ms])),
      0.99,
    );
    return { answers, p99 };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}
