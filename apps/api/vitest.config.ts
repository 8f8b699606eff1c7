import { configDefaults, defineProject } from 'vitest/config';

/**
 * Tests that wait on real time or real I/O (a slow client cut off, a slow SMTP server, a backup
 * through the database's own tools, the long route fuzz): `npm run test:slow` runs them
 * (vitest.slow.config.ts), `npm test` does not (docs/decisions/037).
 */
export const slowTestFiles = 'src/**/*.slow.test.ts';

/** What every API test file needs, in either suite: a migrated database to copy, and time for it. */
export const apiTestOptions = {
  environment: 'node',
  globalSetup: ['src/test/global-setup.ts'],
  setupFiles: ['src/test/one-query-at-a-time.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineProject({
  test: {
    name: 'api',
    ...apiTestOptions,
    // Every file imports the whole server; isolated, each paid for that import again (130 s of a
    // run's 360). The files share no module state, so one import per worker serves them all
    // (docs/decisions/037).
    isolate: false,
    exclude: [...configDefaults.exclude, slowTestFiles],
  },
});
