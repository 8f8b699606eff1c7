import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestConfig, createTestDatabase } from '../../test/helper';
import {
  createMailLogger,
  MAIL_FROM,
  makeDueNow,
  outboxRowFor,
  queueConfirmation,
  uniqueAddress,
} from '../../test/mail-outbox';
import { queueMail } from './outbox';
import { passwordResetEmail } from './templates';
import { createMailTransport, type MailTransport, type OutgoingMail } from './transport';
import { isTransportUnavailable, retryDelayMs, STALE_LOCK_MS, startMailWorker } from './worker';

/** Records what it is asked to send; fails while `failWith` is set. */
const createCountingTransport = (delayMs = 0) => {
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport & { failWith?: Error } = {
    describe: 'counting',
    async send(message) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (transport.failWith) throw transport.failWith;
      delivered.push(message);
    },
  };
  return { transport, delivered };
};

let database: DatabaseHandle & { url?: string };
let config: Config & { cleanUp(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
  config = await createTestConfig();
});

afterAll(async () => {
  await database.close();
  await config.cleanUp();
});

// The file has its own database; each test starts from an empty outbox so drain() counts are exact.
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

describe('retry policy', () => {
  it('doubles from 30 seconds up to one hour, with ±20 % jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelayMs(attempts, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
  });

  it('tells an unreachable server from a rejected message', () => {
    expect(isTransportUnavailable(Object.assign(new Error('refused'), { code: 'ECONNECTION' }))).toBe(true);
    expect(isTransportUnavailable(Object.assign(new Error('closing'), { responseCode: 421 }))).toBe(true);
    expect(
      isTransportUnavailable(Object.assign(new Error('login'), { code: 'EAUTH', responseCode: 535 })),
    ).toBe(true);
    expect(
      isTransportUnavailable(Object.assign(new Error('no'), { code: 'EMESSAGE', responseCode: 451 })),
    ).toBe(false);
    expect(isTransportUnavailable(new Error('bug'))).toBe(false);
  });
});

describe('outbox folder transport (no SMTP_URL)', () => {
  it('writes the message as JSON and logs its links', async () => {
    const { logger, entries } = createMailLogger();
    const transport = createMailTransport(config, { logger });
    expect(transport.describe).toContain(config.outboxDir);
    const worker = startMailWorker({
      db: database.db,
      transport,
      from: MAIL_FROM,
      logger,
    });
    const { to, link } = await queueConfirmation(database.db);

    expect(await worker.drain()).toBe(1);
    await worker.stop();

    const files = (await readdir(config.outboxDir)).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.json$/);
    const kept = JSON.parse(await readFile(join(config.outboxDir, files[0] as string), 'utf8'));
    expect(kept).toMatchObject({ to, from: MAIL_FROM, subject: 'Confirm your MEAP account' });
    expect(kept.text).toContain(link);
    expect(kept.html).toContain('/confirm-email?token=');
    expect(Number.isNaN(Date.parse(kept.sentAt))).toBe(false);
    // No temporary file is left behind by the write-then-rename.
    expect((await readdir(config.outboxDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    expect(entries).toContainEqual({
      level: 'info',
      message: 'mail kept in outbox',
      details: expect.objectContaining({ to, subject: 'Confirm your MEAP account', links: [link] }),
    });
    const row = await outboxRowFor(database.db, to);
    expect(row).toMatchObject({ status: 'sent', attempts: 0, lockedAt: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});

describe('a real SMTP peer', () => {
  type Received = { from: string; to: string[]; raw: string };
  let server: SMTPServer;
  let port: number;
  let received: Received[];
  let mode: 'reject' | 'accept';

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (mode === 'reject') {
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received = [];
  });

  it('keeps a rejected message queued with backoff, then delivers it exactly once', async () => {
    const smtpConfig = await createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const { logger } = createMailLogger();
    const transport = createMailTransport(smtpConfig, { logger });
    expect(transport.describe).toBe(`SMTP smtp://127.0.0.1:${port}`);
    const worker = startMailWorker({
      db: database.db,
      transport,
      from: MAIL_FROM,
      logger,
    });
    const { to, link } = await queueConfirmation(database.db);

    mode = 'reject';
    expect(await worker.drain()).toBe(0);
    const waiting = await outboxRowFor(database.db, to);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lockedAt: null, sentAt: null });
    expect(waiting.lastError).toContain('451');
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: draining again sends nothing.
    expect(await worker.drain()).toBe(0);
    expect(received).toHaveLength(0);

    mode = 'accept';
    await makeDueNow(database.db);
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();

    expect(received).toHaveLength(1);
    const message = received[0] as Received;
    expect(message.to).toEqual([to]);
    expect(message.from).toBe('secretariat@example.org');
    expect(message.raw).toContain('Subject: Confirm your MEAP account');
    const decoded = decodeQuotedPrintable(message.raw);
    expect(decoded).toContain('Thank you for registering with the Mineral Exploration Association');
    expect(decoded).toContain(link);
    expect(await outboxRowFor(database.db, to)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    await smtpConfig.cleanUp();
  });

  it('sends the attachments queued with a message, and the outbox folder keeps them', async () => {
    const attachment = {
      filename: 'field-day.ics',
      contentType: 'text/calendar; charset=utf-8',
      content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
    };
    const smtpConfig = await createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const { logger } = createMailLogger();
    mode = 'accept';
    for (const transport of [
      createMailTransport(smtpConfig, { logger }),
      createMailTransport(config, { logger }),
    ]) {
      const worker = startMailWorker({
        db: database.db,
        transport,
        from: MAIL_FROM,
        logger,
      });
      const to = uniqueAddress();
      await queueMail(database.db, {
        to,
        subject: 'Your seat',
        html: '<p>See you</p>',
        text: 'See you',
        attachments: [attachment],
      });
      expect(await worker.drain()).toBe(1);
      await worker.stop();
      expect((await outboxRowFor(database.db, to)).attachments).toEqual([attachment]);
    }
    // Over SMTP: a MIME part of its own, with its type and file name.
    expect(received).toHaveLength(1);
    const raw = (received[0] as Received).raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=field-day\.ics/);
    expect(raw).toContain('Content-Disposition: attachment; filename=field-day.ics');
    expect(raw).toContain(Buffer.from(attachment.content).toString('base64'));
    // In the outbox folder: beside the message's text.
    const files = (await readdir(config.outboxDir)).filter((name) => name.endsWith('.json')).sort();
    const kept = JSON.parse(await readFile(join(config.outboxDir, files.at(-1) as string), 'utf8'));
    expect(kept).toMatchObject({ subject: 'Your seat', attachments: [attachment] });
  });

  it('sends a message’s own header fields (RFC 8058’s unsubscribe pair), and the outbox folder keeps them', async () => {
    const link = `https://portal.example.org/api/announcements/unsubscribe?token=${'a'.repeat(80)}`;
    const headers = {
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const smtpConfig = await createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const { logger } = createMailLogger();
    mode = 'accept';
    received.length = 0;
    for (const transport of [
      createMailTransport(smtpConfig, { logger }),
      createMailTransport(config, { logger }),
    ]) {
      const worker = startMailWorker({
        db: database.db,
        transport,
        from: MAIL_FROM,
        logger,
      });
      await queueMail(database.db, {
        to: uniqueAddress(),
        subject: 'News',
        html: '<p>News</p>',
        text: 'News',
        headers,
      });
      expect(await worker.drain()).toBe(1);
      await worker.stop();
    }
    // Over SMTP: the two fields as written (a long line may be folded, so unfold it first).
    expect(received).toHaveLength(1);
    const unfolded = (received[0] as Received).raw.replace(/\r\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`List-Unsubscribe: <${link}>`);
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // What the portal sends by itself says so (RFC 3834).
    expect(unfolded).toContain('Auto-Submitted: auto-generated');
    const files = (await readdir(config.outboxDir)).filter((name) => name.endsWith('.json')).sort();
    const kept = JSON.parse(await readFile(join(config.outboxDir, files.at(-1) as string), 'utf8'));
    expect(kept).toMatchObject({ subject: 'News', headers });
    await smtpConfig.cleanUp();
  });

  it('never gives up while the server is unreachable', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const smtpConfig = await createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    const { logger } = createMailLogger();
    const worker = startMailWorker({
      db: database.db,
      transport: createMailTransport(smtpConfig, { logger }),
      from: MAIL_FROM,
      logger,
      maxAttempts: 2,
    });
    const first = await queueConfirmation(database.db);
    const second = await queueConfirmation(database.db);

    for (let round = 1; round <= 3; round++) {
      expect(await worker.drain()).toBe(0);
      await makeDueNow(database.db);
    }
    await worker.stop();

    const row = await outboxRowFor(database.db, first.to);
    expect(row).toMatchObject({ status: 'queued', attempts: 3 });
    expect(row.lastError).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    // The rest of a batch waits with the failed message instead of timing out one by one.
    expect(await outboxRowFor(database.db, second.to)).toMatchObject({ status: 'queued', attempts: 0 });
    await smtpConfig.cleanUp();
  });
});

describe('a database blip after the server took the message', () => {
  it('records the message sent once the database answers again, instead of sending it twice', async () => {
    const { transport, delivered } = createCountingTransport();
    const { logger, entries } = createMailLogger();
    // The real database, with one failure injected: the first write after the delivery.
    let failNextUpdate = false;
    const blippingDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'update' && failNextUpdate) {
          failNextUpdate = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const worker = startMailWorker({
      db: blippingDb,
      transport: {
        describe: 'blip after send',
        async send(message) {
          await transport.send(message);
          failNextUpdate = true;
        },
      },
      from: MAIL_FROM,
      logger,
    });
    const { to } = await queueConfirmation(database.db);
    expect(await worker.drain()).toBe(1);
    expect(await outboxRowFor(database.db, to)).toMatchObject({ status: 'sent' });
    // Even once a stale lock would have been reclaimed, nothing is due.
    await database.db.update(mailOutbox).set({ lockedAt: sql`now() - interval '1 hour'` });
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(delivered).toHaveLength(1);
    expect(entries.map((entry) => entry.message)).toContain('mail sent, recording it: will retry');
  });
});

describe('giving up and recovering', () => {
  it('marks a message failed after maxAttempts rejections', async () => {
    const { logger, entries } = createMailLogger();
    const { transport } = createCountingTransport();
    transport.failWith = Object.assign(new Error('Mailbox unavailable'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    const worker = startMailWorker({
      db: database.db,
      transport,
      from: MAIL_FROM,
      logger,
      maxAttempts: 3,
    });
    const { to } = await queueConfirmation(database.db);

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await worker.drain()).toBe(0);
      expect(await outboxRowFor(database.db, to)).toMatchObject({
        status: attempt < 3 ? 'queued' : 'failed',
        attempts: attempt,
        lastError: 'EENVELOPE 550: Mailbox unavailable',
      });
      await makeDueNow(database.db);
    }
    // A failed message is not picked up again.
    transport.failWith = undefined;
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(entries.filter((entry) => entry.message === 'mail failed: giving up')).toHaveLength(1);
  });

  it('reclaims rows a crashed process left in sending, and only stale ones', async () => {
    const { logger } = createMailLogger();
    const { transport, delivered } = createCountingTransport();
    const stale = uniqueAddress();
    const fresh = uniqueAddress();
    const message = passwordResetEmail({
      username: 'jose',
      link: 'https://portal.example.org/reset?token=t',
    });
    const base = {
      subject: message.subject,
      html: message.html,
      text: message.text,
      status: 'sending' as const,
    };
    await database.db.insert(mailOutbox).values([
      { ...base, toAddress: stale, lockedAt: new Date(Date.now() - STALE_LOCK_MS - 60_000) },
      { ...base, toAddress: fresh, lockedAt: new Date(Date.now() - 60_000) },
    ]);
    const worker = startMailWorker({
      db: database.db,
      transport,
      from: MAIL_FROM,
      logger,
    });

    expect(await worker.drain()).toBe(1);
    await worker.stop();

    expect(delivered.map((mail) => mail.to)).toEqual([stale]);
    expect(await outboxRowFor(database.db, stale)).toMatchObject({ status: 'sent', lockedAt: null });
    expect(await outboxRowFor(database.db, fresh)).toMatchObject({ status: 'sending' });
  });

  it('stop() waits for the message in flight and puts the rest of the batch back', async () => {
    const { logger } = createMailLogger();
    const delivered: OutgoingMail[] = [];
    // The first send holds until the test lets it go, so stop() is called mid-send every time.
    let sendStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    let releaseSend!: () => void;
    const released = new Promise<void>((resolve) => {
      releaseSend = resolve;
    });
    const transport: MailTransport = {
      describe: 'held',
      async send(message) {
        sendStarted();
        await released;
        delivered.push(message);
      },
    };
    const worker = startMailWorker({
      db: database.db,
      transport,
      from: MAIL_FROM,
      logger,
    });
    for (let index = 0; index < 3; index++) await queueConfirmation(database.db);

    const draining = worker.drain();
    await started;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    releaseSend();
    await stopping;

    expect(await draining).toBe(1);
    expect(delivered).toHaveLength(1);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'queued' && row.lockedAt === null)).toHaveLength(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL database', () => {
  it('sends every message exactly once', async () => {
    const { logger } = createMailLogger();
    const { transport, delivered } = createCountingTransport(2);
    // A second pool stands in for a second server process: its own connections, its own locks.
    const other = await openDatabase({ kind: 'postgres', url: database.url as string, poolSize: 5 });
    const messageCount = 60;
    try {
      for (let index = 0; index < messageCount; index++)
        await queueConfirmation(database.db, `member-${index}@example.org`);
      const workers = [database.db, other.db, database.db, other.db].map((db) =>
        startMailWorker({ db, transport, from: MAIL_FROM, logger, batchSize: 4 }),
      );

      const counts = await Promise.all(workers.map((worker) => worker.drain()));
      await Promise.all(workers.map((worker) => worker.stop()));

      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(messageCount);
      expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1);
      const addresses = delivered.map((mail) => mail.to);
      expect(addresses).toHaveLength(messageCount);
      expect(new Set(addresses).size).toBe(messageCount);
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

/** Enough of RFC 2045 quoted-printable to read a body back: soft breaks and =XX bytes. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
