import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Modules build on modules below them and never the reverse (docs/architecture.md "Module layers"):
 * a module folder may not reach itself through other modules' folders, even when no file does
 * (auth → memberships → auth through two different files each way). dependency-cruiser's folder
 * scope judges the folders, tests included: a test that needs a module above its own belongs there.
 */
const noModuleCycle: IForbiddenRuleType = {
  name: 'no-module-cycle',
  severity: 'error',
  scope: 'folder',
  from: { path: 'src/modules/[^/]+$' },
  to: { path: 'src/modules/[^/]+$', circular: true },
};

/** Every module cycle under `baseDir`'s apps/api/src/modules, each as the folders it passes. */
async function moduleCycles(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['apps/api/src/modules'], {
    baseDir,
    includeOnly: '^apps/api/src/modules/',
    ruleSet: { forbidden: [noModuleCycle] },
    validate: true,
    // `import type` is an edge too: the types a module borrows tie it to the lender.
    tsPreCompilationDeps: true,
  });
  if (typeof output === 'string') throw new Error(output);
  return output.summary.violations.map((violation) =>
    [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]
      .map((folder) => folder.replace('apps/api/src/modules/', ''))
      .join(' → '),
  );
}

describe('the module dependency graph', () => {
  it('has no cycle', async () => {
    expect(await moduleCycles(repositoryRoot)).toEqual([]);
  });

  it('is refused with the cycle named when two modules use each other through different files', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'module-graph-'));
    try {
      const fixtureModules = 'apps/api/src/modules';
      const files: Record<string, string> = {
        [`${fixtureModules}/auth/index.ts`]: "export { loadProfile } from './profile';\n",
        [`${fixtureModules}/auth/profile.ts`]:
          "import { standingOf } from '../memberships';\nexport const loadProfile = () => standingOf();\n",
        [`${fixtureModules}/memberships/index.ts`]: "export { standingOf } from './standing';\n",
        [`${fixtureModules}/memberships/standing.ts`]: 'export const standingOf = () => 1;\n',
        [`${fixtureModules}/memberships/application.ts`]:
          "import { loadProfile } from '../auth';\nexport const apply = () => loadProfile();\n",
        [`${fixtureModules}/audit/index.ts`]:
          "import { apply } from '../memberships/application';\nexport const a = apply;\n",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
      const cycles = await moduleCycles(folder);
      // The one-way edge audit → memberships is no cycle; auth ⇄ memberships is, from either end.
      expect(cycles).toEqual(['auth → memberships → auth', 'memberships → auth → memberships']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
