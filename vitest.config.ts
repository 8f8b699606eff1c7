import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo: each workspace is a Vitest project.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // Vitest's default is one worker fewer than cores: on a 2-core machine one file at a time, the
    // other core idle. Two there take about half the time (docs/decisions/037).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
