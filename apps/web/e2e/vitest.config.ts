import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: run by `npm run test:e2e`, not by `npm test` (they need Chromium). */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  // The journeys read the site's own navigation and paths, which import with the app's alias.
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, one browser per file; two files at a time is what two cores carry.
    maxWorkers: 2,
  },
});
