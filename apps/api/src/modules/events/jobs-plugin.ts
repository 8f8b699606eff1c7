import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { runEventsJob } from './jobs';

/** The first run, shortly after the server is ready (whatever fell due while it was down). */
const FIRST_RUN_DELAY_MS = 5_000;

/**
 * The events job in every server process, as the dues' daily job (docs/decisions/042): each step
 * claims its rows in the database, so with several processes each offer and reminder is handled
 * once. Not in tests, which call `runEventsJob` with their own time. Its timers never keep the
 * process alive.
 */
export const eventsJobPlugin = fp(
  async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
    if (config.environment === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const run = async () => {
      try {
        const result = await runEventsJob({ db, publicUrl: config.publicUrl, secrets: config });
        if (result.holdsReleased + result.offersExpired + result.offersMade + result.reminders > 0) {
          app.log.info(result, 'events job finished');
          app.mailWorker.poke();
        }
      } catch (error) {
        app.log.error({ err: error }, 'events job failed');
      }
      // EVENTS_JOB_INTERVAL_SECONDS: an expired offer passes on, and a reminder goes out, within
      // this of its time.
      if (!closing) timer = setTimeout(run, config.eventsJobIntervalMs).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(run, FIRST_RUN_DELAY_MS).unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
    });
  },
  { name: 'events-jobs', dependencies: ['mail-worker'] },
);
