// `npm run bench`: the performance targets of issue 10, each printed as PASS or FAIL, on a fresh
// PostgreSQL database seeded with the demo content plus 10 000 events and 10 000 news articles.
//   - every public list endpoint, read from the database: p99 < 100 ms at 20 connections, 0 errors;
//   - session refresh: p99 < 100 ms at 20 connections, 0 errors;
//   - a login (one argon2id password check) costs at most 50 ms of CPU.
// It exits non-zero when a target fails or the benchmark itself breaks (build, seed, server start).
// To measure another endpoint, add it to `publicEndpoints`.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';
import { freePort, startServer, stopServer } from './local-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const settings = {
  rows: 10_000,
  connections: 20,
  durationSeconds: 10,
  warmUpSeconds: 2,
  postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: 'portal_bench',
};
const targets = { maxP99Ms: 100, maxLoginCpuMs: 50 };

const DEMO_PASSWORD = 'Bench-Demo-Password-1';
const DEMO_MEMBER_EMAIL = 'maria.santos@geomail.example'; // apps/api/src/db/seed-content.ts
const loginBody = JSON.stringify({ email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD });

const hasItems = (key) => (json) => Array.isArray(json?.data?.[key]) && json.data[key].length > 0;

/** The public read endpoints of the events, news and board routes (there is no detail call yet). */
const publicEndpoints = [
  { name: 'events: first page', path: '/api/events/retrieve-events', check: hasItems('events') },
  {
    name: 'events: page 500',
    path: '/api/events/retrieve-events?page=500&limit=8',
    check: hasItems('events'),
  },
  {
    name: 'events: upcoming',
    path: '/api/events/retrieve-events?upcoming=true&sort_by=start_date&sort_order=asc',
    check: hasItems('events'),
  },
  { name: 'events: search', path: '/api/events/retrieve-events?search=copper', check: hasItems('events') },
  { name: 'news: first page', path: '/api/news/get-news', check: hasItems('news') },
  { name: 'news: page 500', path: '/api/news/get-news?page=500&limit=8', check: hasItems('news') },
  { name: 'news: search', path: '/api/news/get-news?search=drill', check: hasItems('news') },
  { name: 'board: public list', path: '/api/boards/get-board-members', check: hasItems('boardMembers') },
];
const refreshEndpoint = {
  name: 'auth: refresh',
  path: '/api/auth/refresh',
  check: (json) => typeof json?.data?.expiresAt === 'string',
};

/** Runs `work` with a client of `connectionString` (the server's admin database by default). */
async function withClient(work, connectionString = settings.postgresAdminUrl) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function runCli(args, env) {
  const result = spawnSync(process.execPath, [join(root, 'apps/api/dist/cli.js'), ...args], {
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`cli.js ${args.join(' ')} failed:\n${result.stderr}`);
}

/** A browser's cookies: keeps what the server sets and sends it back. */
function createCookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(lines) {
      for (const line of [lines ?? []].flat()) {
        const [pair] = line.split(';');
        const separator = pair.indexOf('=');
        const value = pair.slice(separator + 1).trim();
        if (value) cookies.set(pair.slice(0, separator).trim(), value);
        else cookies.delete(pair.slice(0, separator).trim());
      }
    },
  };
}

async function logIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  if (response.status !== 200) throw new Error(`the demo member could not log in: ${response.status}`);
  const jar = createCookieJar();
  jar.store(response.headers.getSetCookie());
  return jar;
}

/**
 * `seconds` of load at 20 connections; every answer must be a 200 passing `endpoint.check`.
 * Refresh rotates the session: each connection logs in first and then sends the cookies of its
 * latest answer, as a browser does.
 */
async function load(baseUrl, endpoint, seconds) {
  let setupClient;
  if (endpoint === refreshEndpoint) {
    const jars = await Promise.all(Array.from({ length: settings.connections }, () => logIn(baseUrl)));
    setupClient = (client) => {
      const jar = jars.pop();
      client.setRequests([
        {
          path: endpoint.path,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: jar.header() } }),
          onResponse: (_status, _body, _context, headers) => jar.store(headers['set-cookie']),
        },
      ]);
    };
  }
  const result = await autocannon({
    url: `${baseUrl}${endpoint.path}`,
    connections: settings.connections,
    duration: seconds,
    timeout: 10,
    setupClient,
    verifyBody: (body) => {
      try {
        return endpoint.check(JSON.parse(body));
      } catch {
        return false;
      }
    },
  });
  // autocannon counts timeouts among the errors.
  const errors = result.non2xx + result.errors + result.mismatches + (result.requests.total === 0 ? 1 : 0);
  return { p99: result.latency.p99, requestsPerSecond: result.requests.average, errors };
}

/** Median CPU time (user + system) of one password check with the production parameters. */
function measureLoginCpu(runs = 20) {
  const script = `
    import { hashPassword, verifyPassword } from './apps/api/src/lib/passwords.ts';
    const hash = await hashPassword('${DEMO_PASSWORD}');
    await verifyPassword(hash, '${DEMO_PASSWORD}');
    const samples = [];
    for (let i = 0; i < ${runs}; i++) {
      const before = process.cpuUsage();
      await verifyPassword(hash, '${DEMO_PASSWORD}');
      const used = process.cpuUsage(before);
      samples.push((used.user + used.system) / 1000);
    }
    console.log(samples.sort((a, b) => a - b)[Math.floor(${runs} / 2)]);`;
  const result = spawnSync('npx', ['tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  const milliseconds = Number(result.stdout?.trim().split('\n').pop());
  if (result.status !== 0 || !Number.isFinite(milliseconds)) throw new Error(`login CPU: ${result.stderr}`);
  return milliseconds;
}

const verdicts = [];
function report(passed, line) {
  verdicts.push(passed);
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${line}`);
}

/** The machine's load, printed with the figures: on a shared machine other work inflates them. */
const printLoad = (when) =>
  console.log(
    `Load average ${when}: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );

async function main() {
  buildIfStale('apps/api');
  printLoad('before');
  const loginCpuMs = measureLoginCpu();
  report(
    loginCpuMs <= targets.maxLoginCpuMs,
    `login CPU ≤ ${targets.maxLoginCpuMs} ms: ${loginCpuMs.toFixed(1)} ms`,
  );

  const drop = () =>
    withClient((client) => client.query(`drop database if exists ${settings.database} with (force)`));
  await drop();
  await withClient((client) => client.query(`create database ${settings.database}`));
  const databaseUrl = new URL(settings.postgresAdminUrl);
  databaseUrl.pathname = `/${settings.database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    SEED_DEMO_CONTENT: 'false',
    DEMO_ADMIN_PASSWORD: DEMO_PASSWORD,
    // The load comes from one address and one account; the limiter has its own tests.
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    NODE_ENV: 'production',
  };
  let server;
  try {
    console.log(`Seeding PostgreSQL with ${settings.rows} events and ${settings.rows} news…`);
    runCli(['seed'], env);
    runCli(['seed-benchmark', String(settings.rows)], env);
    server = await startServer(env);
    for (const endpoint of [...publicEndpoints, refreshEndpoint]) {
      await load(server.baseUrl, endpoint, settings.warmUpSeconds);
      // Fresh statistics for the rows the seed and the warm-up wrote, as autovacuum would make soon.
      await withClient((client) => client.query('analyze'), env.DATABASE_URL);
      const { p99, requestsPerSecond, errors } = await load(
        server.baseUrl,
        endpoint,
        settings.durationSeconds,
      );
      report(
        p99 < targets.maxP99Ms && errors === 0,
        `${endpoint.name.padEnd(20)} p99 ${p99.toFixed(1)} ms (< ${targets.maxP99Ms}), ${errors} errors, ` +
          `${Math.round(requestsPerSecond)} req/s at ${settings.connections} connections`,
      );
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
  printLoad('after');
  if (verdicts.includes(false)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`The benchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
