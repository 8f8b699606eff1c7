import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { apiTestOptions, slowTestFiles } from './vitest.config.ts';

/**
 * The API's slow tests (`npm run test:slow`; `TEST_DATABASE_URL=… npm run test:slow` on a
 * PostgreSQL server): the ones that wait on real time or real I/O, kept out of `npm test`
 * (docs/decisions/037).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'api-slow',
    ...apiTestOptions,
    include: [slowTestFiles],
    // They measure how long things take: one file at a time, so another file's work does not
    // stretch their clocks.
    fileParallelism: false,
  },
});
