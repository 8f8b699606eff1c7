import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { runDueDays } from './daily';

/** How often a process looks for a day not yet done: a new Manila day is picked up within this. */
const CHECK_INTERVAL_MS = 60 * 60_000;
/** The first look, shortly after the server is ready (a missed day is caught up then). */
const FIRST_CHECK_DELAY_MS = 5_000;

/**
 * The dues' daily work in every server process (docs/decisions/042-scheduled-renewals.md): each
 * day is claimed through the database, so with several processes one runs it. Not in tests, which
 * call `runDueDays` / `runDailyDues` with a date. Its timers never keep the process alive.
 */
export const duesDailyPlugin = fp(
  async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
    if (config.environment === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const run = async () => {
      try {
        const results = await runDueDays({ db, config });
        for (const result of results) {
          app.log.info(
            { date: result.date, issued: result.issued, queued: result.queued.length },
            'dues daily run finished',
          );
        }
        if (results.some((result) => result.issued > 0 || result.queued.length > 0)) app.mailWorker.poke();
      } catch (error) {
        app.log.error({ err: error }, 'dues daily run failed');
      }
      if (!closing) timer = setTimeout(run, CHECK_INTERVAL_MS).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(run, FIRST_CHECK_DELAY_MS).unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
    });
  },
  { name: 'dues-daily', dependencies: ['mail-worker'] },
);
