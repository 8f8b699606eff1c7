import { afterAll, expect } from 'vitest';

/**
 * A transaction is one connection, which runs one statement at a time: pg 8 warns (once a process)
 * when a query has to queue behind another queued one on a busy client, and pg 9 refuses it. On the
 * PostgreSQL server (TEST_DATABASE_URL) the file during which the warning came fails with its stack,
 * so a `Promise.all` of three or more on a transaction is found by the suite (two overlap without a
 * warning: those are found by reading, docs/decisions/080); PGlite queues silently.
 */
const QUERY_WHILE_BUSY = 'already executing a query';
const seen: string[] = [];
const listening = Symbol.for('portal.oneQueryAtATime');
const registry = globalThis as { [listening]?: string[] };
if (!registry[listening]) {
  registry[listening] = seen;
  process.on('warning', (warning) => {
    if (warning.message.includes(QUERY_WHILE_BUSY))
      registry[listening]?.push(warning.stack ?? warning.message);
  });
}

afterAll(() => {
  const warnings = registry[listening] ?? [];
  expect(warnings.splice(0), 'a query queued on a busy client (a Promise.all on a transaction?)').toEqual([]);
});
