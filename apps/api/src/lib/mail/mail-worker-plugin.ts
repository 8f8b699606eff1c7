import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createMailTransport, type MailTransport } from './transport';
import { type MailWorker, startMailWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Routes call `app.mailWorker.poke()` after committing a queueMail() so mail leaves at once;
     * the mail job (modules/jobs) calls `drain()` on its schedule. Without a started worker (tests)
     * both do nothing.
     */
    mailWorker: Pick<MailWorker, 'poke' | 'drain'>;
  }
}

export type MailWorkerPluginOptions = {
  db: Db;
  config: Config;
  /** Tests build many apps and send with drain(); they opt in to the background worker. */
  startWorker?: boolean;
  /** Replaces the transport chosen from the config (tests). */
  transport?: MailTransport;
};

/**
 * Runs the outbox worker inside every API process: they share the database outbox, so adding
 * processes adds senders without sending anything twice
 * (docs/architecture.md "Running several processes").
 */
export const mailWorkerPlugin = fp(
  async (app: FastifyInstance, options: MailWorkerPluginOptions) => {
    const { db, config } = options;
    const shouldStart = options.startWorker ?? config.environment !== 'test';
    let worker: MailWorker | undefined;

    app.decorate('mailWorker', {
      poke: () => worker?.poke(),
      drain: async () => (await worker?.drain()) ?? 0,
    });

    app.addHook('onReady', async () => {
      if (!shouldStart) return;
      const transport = options.transport ?? createMailTransport(config, { logger: app.log });
      worker = startMailWorker({
        db,
        transport,
        from: config.mail.from,
        logger: app.log,
      });
      app.log.info({ transport: transport.describe }, 'mail worker started');
    });

    // Runs before the database is closed (main.ts closes the app first): the message in flight
    // is finished and recorded, the rest of its batch goes back to the queue for the next process.
    app.addHook('onClose', async () => {
      await worker?.stop();
      worker = undefined;
    });
  },
  { name: 'mail-worker' },
);
