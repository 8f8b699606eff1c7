import type { JobRun } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import type { PaymentProvider } from '../dues';
import { createJobs } from './registry';
import { jobRoutes } from './routes';
import { createJobRunner } from './runner';
import { jobRunView } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work a screen starts and then follows (the Dues page's "Issue semester statements due"):
     * `start` answers the run as it starts, or null while a run of the job is going; `run` reads
     * one run of the job as it stands, its progress in `summary`, or null.
     */
    jobs: {
      start(name: string): Promise<JobRun | null>;
      run(name: string, id: string): Promise<JobRun | null>;
    };
  }
}

export type JobsPluginOptions = {
  db: Db;
  config: Config;
  embeddedDatabase?: boolean;
  provider: PaymentProvider | null;
  storage: Storage;
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
  async (
    app: FastifyInstance,
    { db, config, embeddedDatabase, provider, storage, startSchedules }: JobsPluginOptions,
  ) => {
    const jobs = createJobs({ db, config, embeddedDatabase, provider, storage, mail: app.mailWorker });
    const runner = createJobRunner({ db, jobs, logger: app.log });
    const shouldStart = startSchedules ?? config.environment !== 'test';
    app.addHook('onReady', async () => {
      if (shouldStart) void runner.start();
    });
    app.addHook('onClose', async () => runner.stop());
    app.decorate('jobs', {
      start: async (name: string) => {
        const started = await runner.startByHand(name, 'admin');
        if (!started) return null;
        // Recorded by the runner whatever happens; the request that started it does not wait.
        started.finished.catch((error) => app.log.error({ err: error, job: name }, 'job run not recorded'));
        return jobRunView(started.run);
      },
      run: async (name: string, id: string) => {
        const [row] = await db
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.id, id), eq(jobRuns.name, name)));
        return row ? jobRunView(row) : null;
      },
    });
    await app.register(jobRoutes, { prefix: '/api/admin/jobs', db, jobs });
  },
  { name: 'jobs', dependencies: ['mail-worker'] },
);
