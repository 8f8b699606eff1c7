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
    // Event order, not elapsed time (docs/decisions/080): the answers and a timer's ticks come
    // while the statement still runs, which on the request thread they could not.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    let slowDone = false;
    let ticksWhileSlow = 0;
    const slow = context.db
      .execute(sql`select count(*) as n from generate_series(1, 3000000) as a, lateral (select a % 7) as b`)
      .then(() => {
        slowDone = true;
        ticksWhileSlow = ticks;
      });
    const answered = await Promise.all(
      [0, 1].map(async () => {
        const response = await context.app.inject({ method: 'GET', url: '/api/health' });
        return { status: response.statusCode, whileSlow: !slowDone };
      }),
    );
    await slow;
    clearInterval(timer);
    expect(answered).toEqual([
      { status: 200, whileSlow: true },
      { status: 200, whileSlow: true },
    ]);
    expect(ticksWhileSlow).toBeGreaterThan(0);
  });
});
