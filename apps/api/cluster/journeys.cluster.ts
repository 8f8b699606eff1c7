import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import {
  addToDate,
  CURRENT_NOTICE_VERSION,
  manilaDateString,
  RATE_LIMITED_MESSAGE,
  SESSION_ERRORS,
  siteConfig,
} from '@portal/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIdFor } from '../src/lib/mail/worker';
import { type S3TestServer, startS3Server } from '../src/test/s3';
import {
  ADMIN_PASSWORD,
  type Answer,
  type ApiProcess,
  answeredBy,
  apiProcess,
  Client,
  countBy,
  createDatabase,
  freePort,
  root,
  smtpPeer,
  startHaproxy,
  startRedis,
  type TestDatabase,
  temporaryFolder,
  waitFor,
} from './harness';

/**
 * docs/architecture.md "Running several processes", proved: two server processes behind HAProxy
 * (the README's configuration) on one PostgreSQL database, one Redis, one S3-compatible bucket and
 * one SMTP peer. Each journey connects from a loopback address of its own, so that the shared
 * rate-limit counters of one do not reach another.
 */

const AUTH_RATE_LIMIT = 5;

let database: TestDatabase;
let redis: Awaited<ReturnType<typeof startRedis>>;
let s3: S3TestServer;
let smtp: ReturnType<typeof smtpPeer>;
let proxy: Awaited<ReturnType<typeof startHaproxy>>;
let api1: ApiProcess;
let api2: ApiProcess;
const folders: Awaited<ReturnType<typeof temporaryFolder>>[] = [];

beforeAll(async () => {
  database = await createDatabase('portal_cluster');
  redis = await startRedis();
  s3 = await startS3Server();
  smtp = smtpPeer(await freePort());
  await smtp.start();
  const proxyPort = await freePort();
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    ...s3.environment,
    SMTP_URL: smtp.url,
    // Every process signs and checks the same tokens; each has a data folder of its own.
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
  const processes: ApiProcess[] = [];
  for (const [name, seed] of [
    ['api1', 'true'],
    ['api2', 'false'],
  ] as const) {
    const folder = await temporaryFolder(`portal-${name}-`);
    folders.push(folder);
    const server = apiProcess(name, await freePort(), {
      ...shared,
      DATA_DIR: folder.path,
      SEED_DEMO_CONTENT: seed,
    });
    // One after the other: the first one seeds the demo content (and its images, into the bucket).
    await server.start();
    processes.push(server);
  }
  [api1, api2] = processes as [ApiProcess, ApiProcess];
  proxy = await startHaproxy(processes, proxyPort);
});

afterAll(async () => {
  await proxy?.stop();
  for (const server of [api1, api2]) await server?.kill('SIGTERM');
  await smtp?.stop();
  await s3?.close();
  await redis?.stop();
  await database?.drop();
  for (const folder of folders) await folder.remove();
});

describe('two processes behind HAProxy', () => {
  it('serves the README configuration', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const configuration = await readFile(join(root, 'deploy/haproxy.cfg'), 'utf8');
    expect(readme).toContain(configuration.trim());
  });

  it('renews a session started on one process on the other, and ends it everywhere', async () => {
    const onFirst = new Client(api1.url, '127.0.0.2');
    await onFirst.logIn();
    const onSecond = onFirst.via(api2.url);
    expect((await onSecond.request('/api/auth/refresh')).status).toBe(200);
    // The renewed session works on the first process.
    const renewed = onSecond.via(api1.url);
    const session = await renewed.request('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.json().data.profile.role).toBe('admin');
    // Signing out on the second process ends the session on the first as well.
    expect((await renewed.via(api2.url).request('/api/auth/logout')).status).toBe(200);
    // A refresh token that no longer works is a 401 with spec 000 §8's message.
    const ended = await onSecond.via(api1.url).request('/api/auth/refresh');
    expect([ended.status, ended.json().error]).toEqual([401, SESSION_ERRORS.refreshFailed]);
  });

  it('spreads requests over both processes, each logged under the id the proxy gave it', async () => {
    const client = new Client(proxy.url, '127.0.0.2');
    await client.logIn();
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) {
      const answer = await client.request('/api/auth/refresh');
      expect(answer.status).toBe(200);
      ids.push(String(answer.headers['x-request-id']));
    }
    // Round robin: both processes renewed this one session. (A line is logged once answered.)
    const servedBy = await waitFor('each request in one log', () => {
      const names = ids.map((id) => answeredBy([api1, api2], id));
      return names.every((found) => found.length === 1) && names;
    });
    expect(new Set(servedBy.flat())).toEqual(new Set(['api1', 'api2']));
    // The proxy's own log line carries the same id: one id from the proxy to the process.
    await waitFor('the proxy to log the requests', () =>
      ids.every((id) => proxy.logs.some((line) => line.endsWith(` ${id}`))),
    );
    expect(
      ids.every((id) => /^[0-9A-F]+:[0-9A-F]+_[0-9A-F]+:[0-9A-F]+_[0-9A-F]+_[0-9A-F]+:[0-9A-F]+$/.test(id)),
    ).toBe(true);
  });

  it('counts rate limits once for all processes: the attempt after the limit is refused by either', async () => {
    const client = new Client(proxy.url, '127.0.0.3');
    // Forgot-password allows AUTH_RATE_LIMIT per address (login ten times as many, decision 009).
    const attempt = (via: Client) =>
      via.request('/api/auth/forgot-password', { json: { email: `nobody-${randomUUID()}@example.org` } });
    const allowed: Answer[] = [];
    for (let index = 0; index < AUTH_RATE_LIMIT; index++) allowed.push(await attempt(client));
    expect(allowed.map((answer) => answer.status)).toEqual(Array(AUTH_RATE_LIMIT).fill(200));
    const servedBy = await waitFor('each attempt in one log', () => {
      const names = allowed.map((answer) => answeredBy([api1, api2], String(answer.headers['x-request-id'])));
      return names.every((found) => found.length === 1) && names;
    });
    expect(new Set(servedBy.flat())).toEqual(new Set(['api1', 'api2']));
    for (const via of [client, client.via(api1.url), client.via(api2.url)]) {
      const refused = await attempt(via);
      expect(refused.status, via.baseUrl).toBe(429);
      expect(refused.json().error).toBe(RATE_LIMITED_MESSAGE);
    }
  });

  it('serves an image uploaded through one process from the other, and removes it everywhere', async () => {
    const admin = new Client(api1.url, '127.0.0.4');
    await admin.logIn();
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const created = await admin.request('/api/boards/admin/create-board-member', {
      form: {
        fields: { name: 'Ana Cruz', title: 'Chief Geologist', position: 'Trustee' },
        uploads: [{ field: 'image', bytes: photo, filename: 'portrait.jpg' }],
      },
    });
    expect(created.status).toBe(201);
    const member = created.json().data;
    const fromFirst = await admin.request(member.image_path);
    const fromSecond = await admin.via(api2.url).request(member.image_path);
    const throughProxy = await admin.via(proxy.url).request(member.image_path);
    for (const answer of [fromFirst, fromSecond, throughProxy]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.body.equals(fromFirst.body)).toBe(true);
    }
    expect(await s3.listKeys()).toContain(member.image_path.replace('/uploads/', ''));

    const deleted = await admin.via(api2.url).request(`/api/boards/admin/delete-board-member/${member.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect((await admin.request(member.image_path)).status).toBe(404);
    expect(await s3.listKeys()).not.toContain(member.image_path.replace('/uploads/', ''));
  });

  it('sends each mail queued by either process once', async () => {
    const addresses: string[] = [];
    for (const server of [api1, api2, api1, api2]) {
      const username = `cluster${randomUUID().slice(0, 8)}`;
      const email = `${username}@cluster.example`;
      const registered = await new Client(server.url, '127.0.0.5').request('/api/auth/register', {
        json: { username, email, password: 'Core-Logging-2026!', noticeVersion: CURRENT_NOTICE_VERSION },
      });
      expect(registered.status, String(registered.body)).toBe(201);
      addresses.push(email);
    }
    await waitFor('the four confirmations', () =>
      addresses.every((address) => smtp.deliveries.some((delivery) => delivery.to.includes(address))),
    );
    // Both workers poll every 2 s: long enough for a second delivery to show.
    await sleep(5_000);
    const mine = smtp.deliveries.filter((delivery) =>
      addresses.some((address) => delivery.to.includes(address)),
    );
    expect(mine).toHaveLength(addresses.length);
    expect(
      [...countBy(mine.map((delivery) => delivery.messageId)).values()].every((count) => count === 1),
    ).toBe(true);
    const rows = await database.query<{ status: string }>(
      'select status from mail_outbox where to_address = any($1)',
      [addresses],
    );
    expect(rows.map((row) => row.status)).toEqual(Array(addresses.length).fill('sent'));
  });

  // docs/decisions/062: every process runs the job runner; one claims each day's dues run.
  it("runs today's dues once for both processes, and a day run by two CLIs at once queues each reminder once", async () => {
    const today = manilaDateString();
    const runs = await waitFor("today's dues run", async () => {
      const rows = await database.query<{ finished_at: Date | null }>(
        `select finished_at from job_runs where name = 'dues-daily' and trigger = 'schedule'
           and outcome = 'succeeded' and (scheduled_for at time zone 'Asia/Manila')::date = $1`,
        [today],
      );
      return rows[0]?.finished_at ? rows : null;
    });
    expect(runs).toHaveLength(1);

    // Tomorrow holds a demo member's reminder (14 days before the due date; db/seed-content.ts).
    const tomorrow = addToDate(today, { days: 1 });
    const folder = await temporaryFolder('portal-dues-cli-');
    folders.push(folder);
    const runCli = () =>
      promisify(execFile)(
        process.execPath,
        ['apps/api/dist/cli.js', 'job', 'dues-daily', '--date', tomorrow],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: folder.path },
        },
      );
    const outputs = (await Promise.all([runCli(), runCli()])).map(({ stdout }) => stdout);
    // Each prints its run's summary: "dues-daily at …: SUCCEEDED: date …, issued …, reminders N".
    const counted = outputs.map((output) => Number(/reminders (\d+)/.exec(output)?.[1]));
    const queued = await database.query<{ mail_id: string; email: string }>(
      'select mail_id, email from dues_reminders where run_date = $1 and not resend',
      [tomorrow],
    );
    expect(queued.length).toBeGreaterThan(0);
    expect(counted.reduce((sum, count) => sum + count, 0)).toBe(queued.length);
    expect(counted).toContain(0);

    // The servers' mail workers send each once.
    const messageIds = queued.map((row) => messageIdFor(row.mail_id, siteConfig.secretariatEmail));
    await waitFor('the reminders sent', () =>
      messageIds.every((id) => smtp.deliveries.some((delivery) => delivery.messageId === id)),
    );
    await sleep(5_000);
    const sent = smtp.deliveries.filter((delivery) => messageIds.includes(delivery.messageId));
    expect(sent).toHaveLength(queued.length);
  });

  it('loses no acknowledged write when a process is killed mid-traffic, and answers no 5xx once it is marked down', async () => {
    const admin = new Client(proxy.url, '127.0.0.6');
    await admin.logIn();
    type Outcome = { startedAt: number; status: number | 'error'; id?: string };
    const outcomes: Outcome[] = [];
    let running = true;
    const writer = async (writerIndex: number) => {
      for (let index = 0; running; index++) {
        const startedAt = Date.now();
        try {
          const answer = await admin.request('/api/boards/admin/create-board-member', {
            form: {
              fields: { name: `Writer ${writerIndex}-${index}`, title: 'Geologist', position: 'Trustee' },
            },
          });
          outcomes.push({
            startedAt,
            status: answer.status,
            id: answer.status === 201 ? answer.json().data.id : undefined,
          });
        } catch {
          outcomes.push({ startedAt, status: 'error' });
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    await sleep(1_500);
    const killedAt = Date.now();
    await api2.kill('SIGKILL');
    const markedDownAt = await waitFor(
      'the proxy to mark api2 down',
      async () => ((await proxy.serverStates()).api2?.startsWith('DOWN') ? Date.now() : undefined),
      15_000,
      50,
    );
    await sleep(2_000);
    running = false;
    await writers;

    const acknowledged = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
    const stored = await database.query<{ id: string }>('select id from board_members where id = any($1)', [
      acknowledged,
    ]);
    const afterMarkDown = outcomes.filter((outcome) => outcome.startedAt > markedDownAt);
    const failedBefore = outcomes.filter(
      (outcome) => outcome.startedAt <= markedDownAt && outcome.status !== 201,
    );
    console.info(
      `cluster kill -9: ${outcomes.length} writes, ${acknowledged.length} acknowledged, ${stored.length} found, ` +
        `${acknowledged.length - stored.length} lost; marked down ${markedDownAt - killedAt} ms after the kill; ` +
        `${failedBefore.length} failed before, ${afterMarkDown.filter((outcome) => outcome.status !== 201).length} of ` +
        `${afterMarkDown.length} after`,
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(stored).toHaveLength(acknowledged.length);
    expect(afterMarkDown.length).toBeGreaterThan(5);
    expect(afterMarkDown.filter((outcome) => outcome.status !== 201)).toEqual([]);

    // Back in the pool once it answers again; the session it served before its death still works.
    await api2.start();
    await waitFor(
      'the proxy to mark api2 up',
      async () => (await proxy.serverStates()).api2 === 'UP',
      15_000,
      100,
    );
    expect((await admin.via(api2.url).request('/api/auth/session')).status).toBe(200);
  });
});
