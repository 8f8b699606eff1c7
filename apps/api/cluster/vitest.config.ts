import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The cluster and fault suites (`npm run test:cluster`): real server processes behind HAProxy on
 * PostgreSQL, Redis, an S3-compatible server and an SMTP peer. Not part of `npm test`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'cluster',
    include: ['apps/api/cluster/**/*.cluster.ts'],
    globalSetup: ['apps/api/cluster/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Several server processes per file on two cores: one file at a time, in order.
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
