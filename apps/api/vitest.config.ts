import { configDefaults, defineProject } from 'vitest/config';

/**
 * Tests that wait on real time or real I/O (a slow client cut off, a slow SMTP server, a backup
 * through the database's own tools, the long route fuzz): `npm run test:slow` runs them
 * (vitest.slow.config.ts), `npm test` does not (docs/decisions/037).
 */
export const slowTestFiles = 'src/**/*.slow.test.ts';

/**
 * What every API test file needs, in either suite: a migrated database to copy, and time for it.
 * The limits are generous on purpose (docs/decisions/080): a test that passes ends when it passes,
 * and at a load of 40 on the 2-core machine building a test app alone took over a minute.
 */
export const apiTestOptions = {
  environment: 'node',
  globalSetup: ['src/test/global-setup.ts'],
  setupFiles: ['src/test/one-query-at-a-time.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // `expect.poll` waits for an event (a mail written, a run recorded) this long instead of 1 s, which
  // a loaded machine overran; it returns as soon as the event is there (docs/decisions/080).
  expect: { poll: { timeout: 15_000 } },
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
