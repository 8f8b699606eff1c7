import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestConfig, createTestDatabase } from '../../test/helper';
import {
  createMailLogger,
  MAIL_FROM,
  makeDueNow,
  outboxRowFor,
  queueConfirmation,
} from '../../test/mail-outbox';
import { createMailTransport } from './transport';
import { startMailWorker } from './worker';

// The worker against SMTP servers that take seconds to answer, on a real clock: in
// `npm run test:slow` (docs/decisions/037). The rest of the worker's tests are worker.test.ts.

let database: DatabaseHandle & { url?: string };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

// Each test starts from an empty outbox, so that its counts are exact.
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

/** A real SMTP peer that takes `answerAfterMs` to accept each message; `received` holds each one raw. */
async function startSlowSmtpServer(answerAfterMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        setTimeout(() => callback(), answerAfterMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a real SMTP peer', () => {
  // A server that took 12 s to answer used to be given up on at 10 s, and the message sent again.
  it('waits for a server that is slow to answer and delivers once, with a Message-ID of its outbox row', async () => {
    const server = await startSlowSmtpServer(12_000);
    const smtpConfig = await createTestConfig({ SMTP_URL: server.smtpUrl });
    try {
      const { logger } = createMailLogger();
      const worker = startMailWorker({
        db: database.db,
        transport: createMailTransport(smtpConfig, { logger }),
        from: MAIL_FROM,
        logger,
      });
      const { to } = await queueConfirmation(database.db);
      expect(await worker.drain()).toBe(1);
      await makeDueNow(database.db);
      expect(await worker.drain()).toBe(0);
      await worker.stop();

      const row = await outboxRowFor(database.db, to);
      expect(row).toMatchObject({ status: 'sent', attempts: 0 });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]).toContain(`Message-ID: <${row.id}@example.org>`);
    } finally {
      await smtpConfig.cleanUp();
      await server.close();
    }
  }, 30_000);
});

// A worker used to claim a batch and send it one message after another; behind a slow server the
// batch's last rows went stale while they waited, another process reclaimed them and both sent
// them: duplicates with no crash at all.
describe('two workers and a slow SMTP server', () => {
  it('delivers each message once, however long the server takes', async () => {
    const staleLockMs = 900;
    // Longer than the stale limit: only the renewed lock keeps the other worker off the message.
    const server = await startSlowSmtpServer(1_200);
    const smtpConfig = await createTestConfig({ SMTP_URL: server.smtpUrl });
    // On PostgreSQL the second worker has a pool of its own, as a second process would.
    const other = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 })
      : undefined;
    const { logger, entries } = createMailLogger();
    const messageCount = 4;
    try {
      for (let index = 0; index < messageCount; index++) await queueConfirmation(database.db);
      const workers = [database.db, other?.db ?? database.db].map((db) =>
        startMailWorker({
          db,
          transport: createMailTransport(smtpConfig, { logger }),
          from: MAIL_FROM,
          logger,
          staleLockMs,
        }),
      );
      // The mail job's schedule, sped up: each worker looks for due mail every 50 ms.
      const poll = setInterval(() => {
        for (const worker of workers) worker.poke();
      }, 50);
      const outstanding = async () =>
        (await database.db.select().from(mailOutbox)).filter((row) => row.status !== 'sent').length;
      const deadline = Date.now() + 20_000;
      while ((await outstanding()) > 0 && Date.now() < deadline) await sleep(100);
      // Long enough for any row wrongly left stale to be reclaimed and sent again.
      await sleep(staleLockMs * 2);
      clearInterval(poll);
      await Promise.all(workers.map((worker) => worker.stop()));

      expect(await outstanding()).toBe(0);
      const messageIds = server.received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1] ?? '');
      expect(messageIds).toHaveLength(messageCount);
      expect(new Set(messageIds).size).toBe(messageCount);
      expect(entries.filter((entry) => entry.level !== 'info')).toEqual([]);
    } finally {
      await other?.close();
      await smtpConfig.cleanUp();
      await server.close();
    }
  }, 40_000);
});
