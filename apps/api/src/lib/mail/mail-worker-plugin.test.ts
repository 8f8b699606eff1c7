import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestConfig, createTestDatabase } from '../../test/helper';
import { mailWorkerPlugin } from './mail-worker-plugin';
import { queueMail } from './outbox';
import { invitationEmail } from './templates';
import type { MailTransport, OutgoingMail } from './transport';

let database: DatabaseHandle;
let config: Config & { cleanUp(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
  config = await createTestConfig();
});

afterAll(async () => {
  await database.close();
  await config.cleanUp();
});

const countingTransport = () => {
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    describe: 'counting',
    send: async (message) => {
      delivered.push(message);
    },
  };
  return { transport, delivered };
};

describe('mailWorkerPlugin', () => {
  it('sends queued mail once poked, and stops with the app', async () => {
    const { transport, delivered } = countingTransport();
    const app = Fastify({ logger: false });
    await app.register(mailWorkerPlugin, {
      db: database.db,
      config,
      transport,
      startWorker: true,
    });
    await app.ready();

    const to = `invitee-${randomUUID()}@example.org`;
    await queueMail(database.db, {
      to,
      ...invitationEmail({ username: 'ana', link: 'https://x.test/invite' }),
    });
    app.mailWorker.poke();

    await vi.waitFor(() => expect(delivered.map((mail) => mail.to)).toEqual([to]), { timeout: 15_000 });
    expect(delivered[0]?.from).toBe(config.mail.from);
    await app.close();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(row?.status).toBe('sent');
  });

  it('does not start a worker in the test environment unless asked', async () => {
    const { transport, delivered } = countingTransport();
    const app = Fastify({ logger: false });
    await app.register(mailWorkerPlugin, { db: database.db, config, transport });
    await app.ready();

    const to = `idle-${randomUUID()}@example.org`;
    await queueMail(database.db, {
      to,
      ...invitationEmail({ username: 'ana', link: 'https://x.test/invite' }),
    });
    app.mailWorker.poke();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();

    expect(delivered).toEqual([]);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(row?.status).toBe('queued');
  });
});
