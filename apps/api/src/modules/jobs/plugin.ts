import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../dues';
import { createJobs } from './registry';
import { jobRoutes } from './routes';
import { createJobRunner } from './runner';

export type JobsPluginOptions = {
  db: Db;
  config: Config;
  pglite?: PGlite;
  provider: PaymentProvider | null;
  /** Tests build many apps and run jobs themselves; they opt in to the schedules. */
  startSchedules?: boolean;
};

/**
 * The job runner in every server process (docs/decisions/062) and the admin API over it. The
 * schedules start once the server is ready (making up missed runs first) and stop before the
 * database closes (main.ts closes the app first), a run in flight finishing or recorded as
 * interrupted. Not in tests unless asked: they run jobs with their own dates.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { db, config, pglite, provider, startSchedules }: JobsPluginOptions) => {
    const jobs = createJobs({ db, config, pglite, provider, mail: app.mailWorker });
    const runner = createJobRunner({ db, jobs, logger: app.log });
    const shouldStart = startSchedules ?? config.environment !== 'test';
    app.addHook('onReady', async () => {
      if (shouldStart) void runner.start();
    });
    app.addHook('onClose', async () => runner.stop());
    await app.register(jobRoutes, { prefix: '/api/admin/jobs', db, runner, jobs });
  },
  { name: 'jobs', dependencies: ['mail-worker'] },
);
