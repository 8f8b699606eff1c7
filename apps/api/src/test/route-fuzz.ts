import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { representatives, speakers } from '../db/schema';
import {
  createBoardMember,
  createEvent,
  createMembership,
  createNewsArticle,
  createUser,
  signIn,
} from './factories';
import { type FuzzRequest, nulProbesFor, requestsFor } from './fuzz-requests';
import { buildTestApp } from './helper';
import { routeKey } from './route-table';

/** The fixed seed, so that CI sends the same requests every run; FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 15_2026);
type Role = 'guest' | 'admin' | 'member';

/** A request not answered by then counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Every route, fed requests made from its own schemas with hostile values mixed in, as a guest and
 * as an admin (and a member's own routes as a member too): no answer is a 500, none hangs, nothing
 * is logged as an error, and the server still answers /api/health after (docs/decisions/029). For
 * each route and role: a NUL in each field, then `runs` random requests (FUZZ_RUNS, when set,
 * instead). `route-fuzz.test.ts` sends a few in `npm test`, `route-fuzz.slow.test.ts` the long run
 * in `npm run test:slow` (docs/decisions/037).
 */
export async function fuzzEveryRoute({ runs: defaultRuns }: { runs: number }) {
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);

  /** Error lines the server logs: a 500, or work after the answer that failed. */
  const errorLogs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      const line = chunk.toString();
      if (JSON.parse(line).level >= 50) errorLogs.push(line.slice(0, 2_000));
      done();
    },
  });

  // A built web app's shell, so that the pages with link previews (/news/:id, /events/:id) run.
  const webDist = await mkdtemp(join(tmpdir(), 'portal-fuzz-web-'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  );
  const context = await buildTestApp(
    { AUTH_RATE_LIMIT: '100000', WEB_DIST_DIR: webDist },
    { logger: { level: 'error', stream: logStream } },
  );
  afterAll(async () => {
    await context.close();
    await rm(webDist, { recursive: true, force: true });
  });
  const { app, db } = context;

  // Real rows, so that a share of the requests reach one.
  const admin = await createUser(db, { type: 'admin' });
  /** Another member, whom the admin's requests may change or delete. */
  const someone = await createUser(db, { type: 'company' });
  /** The member who sends requests as 'member': only their own requests reach their rows. */
  const member = await createUser(db, { type: 'company' });
  await createMembership(db, member.id, { category: 'Regular' });
  const [representative] = await db
    .insert(representatives)
    .values({ userId: member.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting' })
    .returning();
  const [speaker] = await db.insert(speakers).values({ name: 'Dr. Ana Reyes' }).returning();
  const ids = [
    admin.id,
    someone.id,
    (await createMembership(db, someone.id)).id,
    (await createEvent(db, { is_registration_required: true })).id,
    (await createEvent(db, { status: 'draft' })).id,
    (await createNewsArticle(db)).id,
    (await createBoardMember(db)).id,
    speaker?.id ?? '',
  ];
  const memberIds = [...ids, member.id, representative?.id ?? ''];

  async function send(method: string, request: FuzzRequest, role: Role) {
    // A session of its own for each request: a request that signs out or changes a password must
    // not turn the ones after it into a guest's.
    const cookie =
      role === 'guest' ? undefined : (await signIn(context, role === 'admin' ? admin : member)).cookie;
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => {
      timer = setTimeout(() => resolve('hang'), REQUEST_TIMEOUT_MS);
    });
    const answer = app.inject({
      method: method as InjectOptions['method'],
      url: request.url,
      payload: request.payload,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...request.headers,
        ...(cookie ? { cookie } : {}),
      },
    });
    try {
      return await Promise.race([answer, hang]);
    } finally {
      clearTimeout(timer);
    }
  }

  const routes = app.routeTable.filter((route) => route.method !== 'OPTIONS');
  let casesRun = 0;

  describe('every route, fed hostile requests', () => {
    it.each(
      routes.flatMap((route, index) =>
        // A member's own routes also as a member (a company with a representative), whose requests
        // get past the access check to the code behind it.
        (route.config.access === 'member' || route.config.access === 'members-area'
          ? (['guest', 'admin', 'member'] as const)
          : (['guest', 'admin'] as const)
        ).map((role, roleIndex) => [routeKey(route), role, route, index * 3 + roleIndex] as const),
      ),
    )('%s as %s', async (_key, role, route, offset) => {
      const requests = [
        ...nulProbesFor(route, role === 'member' ? memberIds : ids, SEED + offset),
        ...fc.sample(requestsFor(route, role === 'member' ? memberIds : ids), {
          seed: SEED + offset,
          numRuns: runs,
        }),
      ];
      const failures: string[] = [];
      for (const request of requests) {
        const response = await send(route.method, request, role);
        casesRun++;
        if (response === 'hang') {
          failures.push(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${request.summary}`);
        } else if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} ${response.body.slice(0, 200)} for ${request.summary}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('leaves the server answering, with nothing logged as an error', async () => {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      console.info(
        `route fuzz: ${casesRun} requests to ${routes.length} routes as guest and admin, member routes as a member too (seed ${SEED}: a NUL in each field, then ${runs} random per route and role)`,
      );
      expect(casesRun).toBeGreaterThan(routes.length * 2 * runs);
      expect(errorLogs).toEqual([]);
    });
  });
}
