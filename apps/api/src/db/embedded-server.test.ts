import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '../test/helper';
import { type DatabaseHandle, isDatabaseBusy, openDatabase } from './client';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

// The embedded database runs in a worker thread of its own, reached over a Unix socket with the
// `pg` driver (embedded-server.ts, docs/decisions/063). PostgreSQL runs none of this.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the embedded database in its worker', () => {
  let folder: string;
  let database: DatabaseHandle;
  const restarts: Error[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-embedded-'));
    // A folder started from the migrated dump, as a first start does: its rows outlive the worker.
    const dump = new Blob([await readFile(inject('pgliteTemplateDump'))]);
    database = await openDatabase({
      kind: 'pglite',
      dataDir: join(folder, 'pglite'),
      loadDataDir: dump,
      onRestart: (error) => restarts.push(error),
    });
  });
  afterAll(async () => {
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers queries through the driver, and after a failed statement the next one', async () => {
    expect(await rowsOf(database.db.execute(sql`select 1 + 1 as two`))).toEqual([{ two: 2 }]);
    // pg-pool drops the connection of a failed query and opens another at once.
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(database.db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
    }
    expect(await rowsOf(database.db.execute(sql`select 'still here' as answer`))).toEqual([
      { answer: 'still here' },
    ]);
  });

  it('starts a worker that died again: the next query works and committed rows are there', async () => {
    await database.db.execute(sql`create table crash_check (note text)`);
    await database.db.execute(sql`insert into crash_check values ('before the crash')`);
    const worker = database.embedded?.worker;
    expect(worker).toBeDefined();
    await worker?.terminate();
    // While it starts again a query fails as "busy" (503) or waits for the new worker.
    const during = await database.db.execute(sql`select 1`).then(
      () => 'answered',
      (error: unknown) => (isDatabaseBusy(error) ? 'busy' : error),
    );
    expect(['answered', 'busy']).toContain(during);
    let rows: { note: string }[] | undefined;
    for (let attempt = 0; attempt < 100 && !rows; attempt++) {
      rows = await rowsOf<{ note: string }>(database.db.execute(sql`select note from crash_check`)).catch(
        () => undefined,
      );
      if (!rows) await sleep(100);
    }
    expect(rows).toEqual([{ note: 'before the crash' }]);
    expect(restarts).toHaveLength(1);
    expect(database.embedded?.worker).not.toBe(worker);
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a slow statement on the embedded database', () => {
  let context: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context?.close());

  it('leaves the server free: timers fire and requests are answered while it runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    let slowDone = 0;
    const slow = context.db
      .execute(sql`select count(*) as n from generate_series(1, 3000000) as a, lateral (select a % 7) as b`)
      .then(() => {
        slowDone = performance.now();
      });
    await sleep(50);
    const answered = await Promise.all(
      [0, 1].map(async () => {
        const response = await context.app.inject({ method: 'GET', url: '/api/health' });
        return { status: response.statusCode, at: performance.now() };
      }),
    );
    await slow;
    clearInterval(timer);
    const slowMs = slowDone - started;
    // The statement takes long enough for the test to mean something.
    expect(slowMs).toBeGreaterThan(300);
    for (const { status, at } of answered) {
      expect(status).toBe(200);
      expect(at).toBeLessThan(slowDone);
    }
    // A 20 ms timer ticked through the statement (on the request thread it could not).
    expect(ticks).toBeGreaterThan(slowMs / 20 / 3);
  });
});
