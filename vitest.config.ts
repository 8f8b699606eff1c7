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
  },
});
