import {
  apiErrorSchema,
  JOB_MESSAGES,
  jobListResponseSchema,
  jobParamsSchema,
  jobRunListQuerySchema,
  jobRunListResponseSchema,
  jobRunResponseSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RegisteredJob } from './registry';
import { listJobRuns, listJobs } from './service';

/**
 * The Scheduled work page's API (docs/architecture.md "Scheduled work"): the jobs with their last
 * runs, a job's runs, and "Run now", which answers as the run starts (202); the page follows it.
 */
export const jobRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jobs: readonly RegisteredJob[];
}> = async (app, { db, jobs }) => {
  const jobNamed = (name: string) => {
    const job = jobs.find((candidate) => candidate.name === name);
    if (!job) throw new AppError(404, JOB_MESSAGES.notFound, { code: 'not_found' });
    return job;
  };

  app.get(
    '/',
    {
      config: { access: 'staff', roles: STAFF_AREAS.scheduledWork },
      schema: {
        tags: ['jobs'],
        summary: 'Every scheduled job with its schedule, next run and last runs',
        response: { 200: jobListResponseSchema },
      },
    },
    async () => ({ data: await listJobs(db, jobs) }),
  );

  app.get(
    '/:name/runs',
    {
      config: { access: 'staff', roles: STAFF_AREAS.scheduledWork },
      schema: {
        tags: ['jobs'],
        summary: "A job's runs, newest first",
        params: jobParamsSchema,
        querystring: jobRunListQuerySchema,
        response: { 200: jobRunListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listJobRuns(db, jobNamed(request.params.name).name, request.query),
  );

  app.post(
    '/:name/run',
    {
      config: { access: 'staff', roles: STAFF_AREAS.scheduledWork },
      schema: {
        tags: ['jobs'],
        summary: 'Runs a job now (202, the run as it starts); 409 while a run of it is going',
        params: jobParamsSchema,
        response: {
          202: jobRunResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const started = await app.jobs.start(jobNamed(request.params.name).name);
      if (!started) throw new AppError(409, JOB_MESSAGES.alreadyRunning, { code: 'job_running' });
      return reply.status(202).send({ data: started });
    },
  );
};
