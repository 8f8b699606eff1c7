import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CURRENT_NOTICE_VERSION, MAX_PAGE_LIMIT, SESSION_ERRORS } from '@portal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  type ApiProcess,
  apiProcess,
  Client,
  call,
  countBy,
  createDatabase,
  freePort,
  runCli,
  smtpPeer,
  temporaryFolder,
  waitFor,
} from './harness';

/**
 * The fault tests (docs/architecture.md "Testing"): a server killed with SIGKILL during writes and
 * during an election's voting (on the embedded database and on PostgreSQL), PostgreSQL cut off
 * during traffic, and a mail server that is down, then slow, then back. Each prints its figures.
 */

/** Whatever a test started, stopped after it whatever happened. */
const cleanUps: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp().catch(() => {});
});

async function startServer(name: string, environment: Record<string, string>) {
  const folder = await temporaryFolder(`portal-${name}-`);
  cleanUps.push(() => folder.remove());
  const server = apiProcess(name, await freePort(), {
    DATA_DIR: folder.path,
    DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // These tests sign in and register far more than a person would; the limits have their own tests.
    AUTH_RATE_LIMIT: '100000',
    ...environment,
  });
  cleanUps.push(() => server.kill('SIGTERM'));
  await server.start();
  return server;
}

async function freshDatabase() {
  const database = await createDatabase('portal_faults');
  cleanUps.push(() => database.drop());
  return database;
}

/** The processes that ended, each with its last log lines. */
const stopped = (servers: ApiProcess[]) =>
  servers
    .filter((server) => !server.isRunning())
    .map((server) => [server.name, ...server.logs.slice(-10)].join('\n'));

type Outcome = { startedAt: number; status: number | 'error'; error?: string; id?: string };

/** Admins creating board members as fast as they are answered, on `writers` connections at once. */
function startWriting(admin: Client, writers = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: writers }, async (_unused, writer) => {
      for (let index = 0; running; index++) {
        const startedAt = Date.now();
        try {
          const answer = await admin.request('/api/boards/admin/create-board-member', {
            form: { fields: { name: `Writer ${writer}-${index}`, title: 'Geologist', position: 'Trustee' } },
            timeoutMs: 5_000,
          });
          outcomes.push({
            startedAt,
            status: answer.status,
            id: answer.status === 201 ? answer.json().data.id : undefined,
          });
        } catch (error) {
          outcomes.push({ startedAt, status: 'error', error: String(error) });
          // The server is gone: no point hammering a closed port.
          await sleep(50);
        }
      }
    }),
  );
  return {
    outcomes,
    acknowledged: () => outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : [])),
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Every board member's id, through the admin list, page by page. */
async function boardMemberIds(admin: Client): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await admin.request(`/api/boards/get-board-members?page=${page}&limit=${MAX_PAGE_LIMIT}`);
    expect(answer.status).toBe(200);
    const { boardMembers, pagination } = answer.json().data;
    for (const member of boardMembers) ids.add(member.id);
    if (page >= pagination.totalPages) return ids;
  }
}

/** Writes for a while, kills the server with SIGKILL mid-write, restarts it and counts. */
async function killDuringWrites(server: ApiProcess, label: string) {
  const admin = new Client(server.url);
  await admin.logIn();
  const writing = startWriting(admin);
  await waitFor('writes to be acknowledged', () => writing.acknowledged().length >= 100, 60_000);
  await server.kill('SIGKILL');
  await writing.stop();

  await server.start();
  const restarted = new Client(server.url);
  await restarted.logIn();
  const stored = await boardMemberIds(restarted);
  const acknowledged = writing.acknowledged();
  const lost = acknowledged.filter((id) => !stored.has(id));
  console.info(
    `${label} kill -9: ${writing.outcomes.length} writes, ${acknowledged.length} acknowledged, ` +
      `${acknowledged.length - lost.length} found after the restart, ${lost.length} lost`,
  );
  expect(acknowledged.length).toBeGreaterThanOrEqual(100);
  expect(lost).toEqual([]);
}

describe('a server killed during writes', () => {
  it('keeps every acknowledged write on the embedded database, and restarts by itself', async () => {
    const server = await startServer('pglite', { SEED_DEMO_CONTENT: 'true' });
    await killDuringWrites(server, 'embedded database');
  });

  it('keeps every acknowledged write on PostgreSQL', async () => {
    const database = await freshDatabase();
    const server = await startServer('postgres', { DATABASE_URL: database.url, SEED_DEMO_CONTENT: 'true' });
    await killDuringWrites(server, 'PostgreSQL');
  });
});

/** Voters on the roll of the fault test's election, and the ballot each marks. */
const VOTERS = 120;
const CHOICE_COUNT = 3;

type Cast = { voter: number; status: number | 'error'; receipt?: string };

/**
 * An election open for voting (`cli.js seed-ballot-benchmark`: VOTERS voters, 7 candidates), its
 * voters voting on 10 connections at once, the server killed with SIGKILL once 40 ballots are
 * acknowledged, restarted, and every voter whose ballot was not acknowledged voting again: each
 * is then counted (201) or already was (409, its first ballot committed unanswered). Certified by
 * `cli.js finish-ballot-benchmark`, the results must hold one ballot per voter, "has voted" as
 * often as ballots, and every acknowledged receipt (docs/decisions/071: a ballot and its "has
 * voted" are one transaction).
 */
async function killDuringVoting(name: string, environment: Record<string, string>) {
  const folder = await temporaryFolder(`portal-${name}-`);
  cleanUps.push(() => folder.remove());
  const settings = {
    DATA_DIR: folder.path,
    DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '100000',
    SEED_DEMO_CONTENT: 'true',
    ...environment,
  };
  const server = apiProcess(name, await freePort(), settings);
  cleanUps.push(() => server.kill('SIGTERM'));
  await server.start();
  await server.kill('SIGTERM');
  const { meetingId } = JSON.parse(runCli(['seed-ballot-benchmark', String(VOTERS), '7'], settings));
  await server.start();

  // Every voter signs in first, ten at a time (the seeded voters share the admin's password).
  const voters: Client[] = [];
  for (let first = 1; first <= VOTERS; first += 10) {
    const batch = Array.from({ length: Math.min(10, VOTERS - first + 1) }, (_unused, i) => {
      const client = new Client(server.url);
      return client.logIn(`ballot${first + i}@ballots.example`).then(() => client);
    });
    voters.push(...(await Promise.all(batch)));
  }
  const meeting = (await voters[0]?.request(`/api/meetings/${meetingId}`))?.json().data;
  const candidates: string[] = meeting.candidates.map((candidate: { id: string }) => candidate.id);
  const vote = async (voter: number, client: Client): Promise<Cast> => {
    const choice = candidates.filter((_id, position) => (voter + position) % 7 < CHOICE_COUNT);
    try {
      const answer = await client.request(`/api/meetings/${meetingId}/ballots`, {
        json: { candidateIds: choice },
        timeoutMs: 5_000,
      });
      return {
        voter,
        status: answer.status,
        receipt: answer.status === 201 ? answer.json().data.receipt : undefined,
      };
    } catch {
      return { voter, status: 'error' };
    }
  };

  const casts: Cast[] = [];
  let next = 0;
  let killed = false;
  const voting = Promise.all(
    Array.from({ length: 10 }, async () => {
      while (!killed && next < VOTERS) {
        const voter = next++;
        casts.push(await vote(voter, voters[voter] as Client));
      }
    }),
  );
  await waitFor(
    '40 ballots to be acknowledged',
    () => casts.filter((cast) => cast.receipt).length >= 40,
    60_000,
  );
  await server.kill('SIGKILL');
  killed = true;
  await voting;

  await server.start();
  const acknowledged = casts.flatMap((cast) => (cast.receipt ? [cast.receipt] : []));
  const again: Cast[] = [];
  for (let voter = 0; voter < VOTERS; voter++) {
    if (casts.some((cast) => cast.voter === voter && cast.receipt)) continue;
    // The same sessions: the restarted server reads the same cookies.
    again.push(await vote(voter, voters[voter] as Client));
  }
  expect(again.filter((cast) => cast.status !== 201 && cast.status !== 409)).toEqual([]);
  await server.kill('SIGTERM');
  const written = JSON.parse(runCli(['finish-ballot-benchmark', meetingId], settings));
  await server.start();
  const results = (await new Client(server.url).request(`/api/meetings/${meetingId}/results`)).json().data;
  const published = new Set<string>(results.ballots.map((ballot: { receipt: string }) => ballot.receipt));
  console.info(
    `${name} kill -9 during voting: ${acknowledged.length} ballots acknowledged before the kill, ` +
      `${again.filter((cast) => cast.status === 201).length} counted after it, ` +
      `${again.filter((cast) => cast.status === 409).length} already counted unanswered; ` +
      `${written.ballots} ballots and ${written.votes} "has voted" on record`,
  );
  expect(written).toMatchObject({ ballots: VOTERS, votes: VOTERS, rest: 0 });
  expect(results.ballots).toHaveLength(VOTERS);
  expect(acknowledged.filter((receipt) => !published.has(receipt))).toEqual([]);
  expect(published.size).toBe(VOTERS);
}

describe('a server killed during voting', () => {
  it('counts every ballot once on the embedded database', async () => {
    await killDuringVoting('voting-pglite', {});
  });

  it('counts every ballot once on PostgreSQL', async () => {
    const database = await freshDatabase();
    await killDuringVoting('voting-postgres', { DATABASE_URL: database.url });
  });
});

describe('PostgreSQL cut off during traffic', () => {
  it('recovers by itself and signs no one out', async () => {
    const database = await freshDatabase();
    const server = await startServer('postgres', { DATABASE_URL: database.url, SEED_DEMO_CONTENT: 'true' });
    const members = await database.query<{ email: string }>(
      "select email from users where type <> 'admin' and status = 'active' order by email limit 3",
    );
    // The admin and three members, each signed in on a session of their own.
    const sessions = [new Client(server.url), ...members.map(() => new Client(server.url))];
    await sessions[0]?.logIn();
    for (const [index, { email }] of members.entries()) await sessions[index + 1]?.logIn(email);

    type Answered = { startedAt: number; what: string; status: number | 'error'; error?: string };
    const answers: Answered[] = [];
    let running = true;
    const record = async (
      what: string,
      request: () => Promise<{ status: number; json(): { error?: string } }>,
    ) => {
      const startedAt = Date.now();
      try {
        const answer = await request();
        answers.push({
          startedAt,
          what,
          status: answer.status,
          error: answer.status >= 400 ? answer.json().error : undefined,
        });
      } catch (error) {
        answers.push({ startedAt, what, status: 'error', error: String(error) });
      }
    };
    const traffic = Promise.all([
      ...sessions.map(async (session) => {
        while (running) {
          await record('refresh', () => session.request('/api/auth/refresh', { timeoutMs: 10_000 }));
          await record('session', () => session.request('/api/auth/session', { timeoutMs: 10_000 }));
          await sleep(100);
        }
      }),
      (async () => {
        const guest = new Client(server.url);
        while (running) {
          await record('news', () => guest.request('/api/news/get-news', { timeoutMs: 10_000 }));
          await sleep(50);
        }
      })(),
    ]);

    await sleep(1_000);
    // Every connection to the database ended, and new ones refused, for 3 seconds: what a
    // failover or a restart looks like from here (the shared server itself is not restarted).
    const outageStartedAt = Date.now();
    await database.admin(`alter database ${database.name} allow_connections false`);
    await database.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}' and pid <> pg_backend_pid()`,
    );
    await sleep(3_000);
    await database.admin(`alter database ${database.name} allow_connections true`);
    const outageEndedAt = Date.now();
    const recoveredAt = await waitFor(
      'the server to be ready again',
      async () => ((await call(`${server.url}/api/ready`)).status === 200 ? Date.now() : undefined),
      30_000,
      50,
    );
    await sleep(2_000);
    running = false;
    await traffic;

    const failures = answers.filter((answer) => answer.status !== 200);
    const afterRecovery = answers.filter((answer) => answer.startedAt > recoveredAt);
    console.info(
      `PostgreSQL cut off for ${outageEndedAt - outageStartedAt} ms: ready again ${recoveredAt - outageEndedAt} ms ` +
        `after; ${answers.length} requests, ${failures.length} refused (${[
          ...countBy(failures.map((answer) => String(answer.status))),
        ]
          .map(([status, count]) => `${count} × ${status}`)
          .join(
            ', ',
          )}), ${afterRecovery.filter((answer) => answer.status !== 200).length} of ${afterRecovery.length} after recovery`,
    );
    expect(stopped([server])).toEqual([]);
    // During the outage the server says "try again" (503); it never says the session is over.
    expect(failures.filter((answer) => answer.status !== 503)).toEqual([]);
    expect(failures.filter((answer) => answer.error === SESSION_ERRORS.refreshFailed)).toEqual([]);
    expect(afterRecovery.filter((answer) => answer.status !== 200)).toEqual([]);
    // Everyone is still signed in.
    for (const session of sessions) {
      expect((await session.request('/api/auth/refresh')).status).toBe(200);
      expect((await session.request('/api/auth/session')).status).toBe(200);
    }
  });
});

describe('a mail server that is down, then slow, then back', () => {
  it('delivers every message exactly once, from two processes', async () => {
    const database = await freshDatabase();
    const smtp = smtpPeer(await freePort());
    cleanUps.push(() => smtp.stop());
    const servers: ApiProcess[] = [];
    for (const [name, seed] of [
      ['mail1', 'true'],
      ['mail2', 'false'],
    ] as const) {
      servers.push(
        await startServer(name, { DATABASE_URL: database.url, SMTP_URL: smtp.url, SEED_DEMO_CONTENT: seed }),
      );
    }
    const addresses: string[] = [];
    for (const server of [...servers, ...servers, ...servers]) {
      const username = `faults${randomUUID().slice(0, 8)}`;
      const email = `${username}@faults.example`;
      const answer = await new Client(server.url).request('/api/auth/register', {
        json: { username, email, password: 'Core-Logging-2026!', noticeVersion: CURRENT_NOTICE_VERSION },
      });
      expect(answer.status).toBe(201);
      addresses.push(email);
    }
    type Row = { status: string; attempts: number; to_address: string };
    const rows = () =>
      database.query<Row>('select status, attempts, to_address from mail_outbox where to_address = any($1)', [
        addresses,
      ]);
    // Down: the workers find nobody listening, and keep the messages queued.
    await waitFor(
      'an attempt on a server that is down',
      async () => (await rows()).some((row) => row.attempts > 0),
      20_000,
    );
    // Queued, or claimed by a worker trying again at this moment ('sending'); none sent, none given up.
    expect((await rows()).every((row) => row.status === 'queued' || row.status === 'sending')).toBe(true);
    expect(smtp.deliveries).toEqual([]);

    // Slow: it answers each message after 2.5 s. The test makes the waiting messages due now
    // instead of sleeping through the back-off (30 s and more).
    smtp.setAnswerAfter(2_500);
    await smtp.start();
    const makeDue = () =>
      database.query("update mail_outbox set next_attempt_at = now() where status = 'queued'");
    await makeDue();
    await waitFor('two slow deliveries', () => smtp.deliveries.length >= 2, 30_000);

    // Back to normal.
    smtp.setAnswerAfter(0);
    await makeDue();
    await waitFor(
      'every message sent',
      async () => (await rows()).every((row) => row.status === 'sent'),
      30_000,
    );
    // Two polls of both workers: a second delivery would show by now.
    await sleep(5_000);

    // The registrations' confirmations (the demo members' dues mail goes out beside them).
    const confirmations = smtp.deliveries.filter((delivery) =>
      delivery.to.some((address) => addresses.includes(address)),
    );
    const recipients = confirmations.flatMap((delivery) => delivery.to);
    const messageIds = countBy(confirmations.map((delivery) => delivery.messageId));
    console.info(
      `mail down, slow, back: ${addresses.length} queued, ${confirmations.length} delivered, ` +
        `${[...messageIds.values()].filter((count) => count > 1).length} twice`,
    );
    expect(recipients.sort()).toEqual([...addresses].sort());
    expect([...messageIds.values()].every((count) => count === 1)).toBe(true);
    expect(stopped(servers)).toEqual([]);
  });
});
