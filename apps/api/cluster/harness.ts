import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { multipartBody, type Upload } from '../src/test/multipart';

/**
 * The pieces of the cluster and fault suites: real processes (the built server, Redis, HAProxy),
 * a fresh PostgreSQL database, a real SMTP peer, and an HTTP client that can send from any
 * loopback address (each journey has its own, so rate-limit counters do not mix).
 */

export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The PostgreSQL server the suites create their databases on. */
export const POSTGRES_SERVER_URL =
  process.env.CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export const ADMIN_EMAIL = 'admin@meap.org.ph';
export const ADMIN_PASSWORD = 'Cluster-Admin-Password-1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `check` until it answers something truthy; fails with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the suites read answers as the API's JSON and assert its shape
  json<T = any>(): T;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: { fields: Record<string, string>; uploads?: Upload[] };
  /** The loopback address the connection comes from: the client's address as the proxy sees it. */
  localAddress?: string;
  timeoutMs?: number;
};

/** One HTTP request on a connection of its own (no keep-alive: a killed process is noticed at once). */
export async function call(url: string, options: RequestOptions = {}): Promise<Answer> {
  let payload: Buffer | undefined;
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    const form = await multipartBody(options.form.fields, options.form.uploads);
    payload = form.payload;
    headers['content-type'] = form.headers['content-type'];
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers: { connection: 'close', ...headers },
        localAddress: options.localAddress,
        timeout: options.timeoutMs ?? 20_000,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} in time`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The unused recovery codes of each staff account the suite has set two-step sign-in up for. */
const recoveryCodes = new Map<string, string[]>();

/** A browser's worth of state: cookies, and the address it connects from. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    public baseUrl: string,
    readonly localAddress = '127.0.0.1',
  ) {}

  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await call(`${this.baseUrl}${path}`, {
      localAddress: this.localAddress,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    this.keepCookies(answer.headers['set-cookie'] ?? []);
    return answer;
  }

  /** The same cookies and address, talking to another process or to the proxy. */
  via(baseUrl: string): Client {
    const other = new Client(baseUrl, this.localAddress);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Signs in, passing two-step sign-in as staff must (docs/decisions/061-two-step-sign-in.md): an
   * account that has none sets it up with its first code; one that has it is verified with one of
   * the recovery codes kept from its set-up (single use, so two sign-ins within one 30-second step
   * are not refused as a reused code).
   */
  async logIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
    const answer = await this.request('/api/auth/login', { json: { email, password } });
    if (answer.status !== 200) throw new Error(`login as ${email}: ${answer.status} ${answer.body}`);
    const { data } = JSON.parse(answer.body.toString());
    if (data.secondFactor === 'required') {
      const code = recoveryCodes.get(email)?.shift();
      if (!code) throw new Error(`login as ${email}: no recovery code kept for its second step`);
      const verified = await this.request('/api/auth/2fa/verify', { json: { code } });
      if (verified.status !== 200) throw new Error(`second step as ${email}: ${verified.status}`);
      return verified;
    }
    if (data.profile?.secondFactor?.required && !data.profile.secondFactor.enrolled) {
      const enrol = await this.request('/api/auth/2fa/totp/enrol', { method: 'POST', json: {} });
      const { secret } = JSON.parse(enrol.body.toString()).data;
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      const confirmed = await this.request('/api/auth/2fa/totp/confirm', { json: { code } });
      if (confirmed.status !== 200) throw new Error(`two-step set-up as ${email}: ${confirmed.status}`);
      recoveryCodes.set(email, JSON.parse(confirmed.body.toString()).data.recoveryCodes);
    }
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// The server, as `npm start` runs it (the built bundle)

export type ApiProcess = {
  name: string;
  port: number;
  url: string;
  /** Every line it printed (JSON log lines and the start banner), oldest first. */
  logs: string[];
  start(): Promise<void>;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  isRunning(): boolean;
};

export function apiProcess(name: string, port: number, environment: Record<string, string>): ApiProcess {
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  return {
    name,
    port,
    url,
    logs,
    async start() {
      const { NODE_ENV: _vitestSetsTest, ...inherited } = process.env;
      const started = spawn(process.execPath, ['apps/api/dist/main.js'], {
        cwd: root,
        env: {
          ...inherited,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'info',
          ...environment,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      // Kept in artifacts/cluster/ too, to read after a failed run.
      await mkdir(join(root, 'artifacts/cluster'), { recursive: true });
      const logFile = createWriteStream(join(root, 'artifacts/cluster', `${name}-${port}.log`), {
        flags: 'a',
      });
      started.once('close', (code, signal) => logFile.end(`-- exited: code ${code}, signal ${signal}\n`));
      for (const stream of [started.stdout, started.stderr]) {
        let partial = '';
        stream?.on('data', (chunk: Buffer) => {
          logFile.write(chunk);
          const lines = (partial + chunk.toString('utf8')).split('\n');
          partial = lines.pop() ?? '';
          logs.push(...lines.filter(Boolean));
        });
      }
      await waitFor(
        `${name} to be ready`,
        async () => {
          if (started.exitCode !== null) {
            throw new Error(`${name} exited (${started.exitCode}):\n${logs.slice(-20).join('\n')}`);
          }
          return (await call(`${url}/api/ready`, { timeoutMs: 3_000 })).status === 200;
        },
        90_000,
        200,
      ).catch((error) => {
        if (started.exitCode !== null) throw new Error(`${name} exited:\n${logs.slice(-20).join('\n')}`);
        throw error;
      });
    },
    async kill(signal) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    isRunning: () => Boolean(child && child.exitCode === null && child.signalCode === null),
  };
}

/**
 * One of the operators' commands (`apps/api/dist/cli.js`) on a server's database, with the
 * environment it was started with; its standard output. Run with the server stopped: the
 * embedded database has one writer.
 */
export function runCli(args: string[], environment: Record<string, string>): string {
  const { NODE_ENV: _vitestSetsTest, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['apps/api/dist/cli.js', ...args], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...environment },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli.js ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** The process whose log has a line for this request id, by name. */
export function answeredBy(processes: ApiProcess[], requestId: string): string[] {
  return processes
    .filter((server) => server.logs.some((line) => line.includes(`"reqId":"${requestId}"`)))
    .map((server) => server.name);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL, Redis, HAProxy, SMTP

/** A new, empty database on the PostgreSQL server; `drop` removes it and its connections. */
export async function createDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Runs SQL as the server's admin (outside the database under test). */
    admin: (text: string) => admin.query(text),
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
export type TestDatabase = Awaited<ReturnType<typeof createDatabase>>;

/** A Redis server of the suite's own (the machine's shared one may hold other tests' counters). */
export async function startRedis() {
  const port = await freePort();
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 200 });
  client.on('error', () => {});
  await waitFor('Redis to answer', async () => {
    if (client.status !== 'ready') await client.connect().catch(() => {});
    return (await client.ping()) === 'PONG';
  });
  return {
    url,
    client,
    async stop() {
      client.disconnect();
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * HAProxy with the configuration the README shows (deploy/haproxy.cfg), its addresses given in
 * the environment as that file expects.
 */
export async function startHaproxy(servers: ApiProcess[], port: number) {
  const [first, second] = servers as [ApiProcess, ApiProcess];
  const statsPort = await freePort();
  const logs: string[] = [];
  const child = spawn('haproxy', ['-f', 'deploy/haproxy.cfg', '-db'], {
    cwd: root,
    env: {
      ...process.env,
      PORTAL_PROXY_BIND: `127.0.0.1:${port}`,
      PORTAL_STATS_BIND: `127.0.0.1:${statsPort}`,
      PORTAL_API_1: `127.0.0.1:${first.port}`,
      PORTAL_API_2: `127.0.0.1:${second.port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  }
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  /** The proxy's view of each API server: UP, DOWN, "UP 1/2" (going down)… */
  const serverStates = async (): Promise<Record<string, string>> => {
    const csv = (await call(statsUrl)).body.toString('utf8').split('\n');
    const header = (csv[0] ?? '').replace(/^# /, '').split(',');
    const statusColumn = header.indexOf('status');
    const states: Record<string, string> = {};
    for (const line of csv.slice(1)) {
      const cells = line.split(',');
      if (cells[0] === 'api' && cells[1] && !['FRONTEND', 'BACKEND'].includes(cells[1])) {
        states[cells[1]] = cells[statusColumn] ?? '';
      }
    }
    return states;
  };
  await waitFor(
    'HAProxy to see both servers up',
    async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${logs.join('\n')}`);
      const states = await serverStates();
      return states.api1 === 'UP' && states.api2 === 'UP';
    },
    30_000,
    200,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    serverStates,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Delivery = { messageId: string; to: string[] };

/**
 * A real SMTP peer the server processes deliver to. It can be down (not listening), slow (it
 * answers the message only after `answerAfterMs`) or prompt.
 */
export function smtpPeer(port: number) {
  const deliveries: Delivery[] = [];
  let answerAfterMs = 0;
  let server: SMTPServer | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    deliveries,
    setAnswerAfter(ms: number) {
      answerAfterMs = ms;
    },
    async start() {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        authOptional: true,
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const answer = () => {
              // Recorded when accepted: a message the peer never acknowledged was not delivered.
              deliveries.push({
                messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '',
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              });
              callback();
            };
            if (answerAfterMs > 0) setTimeout(answer, answerAfterMs);
            else answer();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server?.server.once('error', reject);
        server?.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}

/** A data folder for a process on the embedded database; removed by `remove`. */
export async function temporaryFolder(prefix: string) {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Counts by value: [['a', 2], ['b', 1]]. */
export function countBy<T>(items: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}
