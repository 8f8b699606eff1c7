import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo: each workspace is a Vitest project, and the repository's own
// scripts one more.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Vitest's default is one worker fewer than cores: on a 2-core machine one file at a time, the
    // other core idle. Two there take about half the time (docs/decisions/037).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
