import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    tsconfigPaths: true,
    // Under Vitest, 'react-router/dom' loads a second copy of react-router beside the one the app's
    // modules get, and its RouterProvider then finds no router
    // (docs/architecture.md "Traps of the stack"). Its RouterProvider is react-router's own plus
    // flushSync, which the tests do not need.
    alias: [{ find: /^react-router\/dom$/, replacement: 'react-router' }],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start faster than the default child processes: about 10% of this project's
    // time on the 2-core machine (docs/decisions/037).
    pool: 'threads',
    setupFiles: ['./src/test/setup.ts'],
    // Generous on purpose (docs/decisions/080): a passing test ends as soon as it passes, so the limit
    // only decides when a stuck one is given up. A lazy page's first visit in a run waits for its
    // chunk to be transformed, and on a loaded 2-core machine that alone took seconds. Testing
    // Library's waits get theirs in src/test/setup.ts.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
