import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The files among `files` (paths under apps/api/src/modules, and their text) that the
 * repository's own Biome configuration refuses for a cross-module import
 * (docs/decisions/034-modules-by-domain.md). They are linted in a copy of the layout in a
 * temporary folder, so nothing is written to the source tree.
 */
function refusedFiles(files: Record<string, string>): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'module-boundaries-'));
  try {
    cpSync(join(repositoryRoot, 'biome.json'), join(folder, 'biome.json'));
    // The root configuration loads its lint plugins by path (docs/decisions/079).
    cpSync(join(repositoryRoot, 'scripts/biome'), join(folder, 'scripts/biome'), { recursive: true });
    mkdirSync(join(folder, 'apps/api'), { recursive: true });
    cpSync(join(repositoryRoot, 'apps/api/biome.jsonc'), join(folder, 'apps/api/biome.jsonc'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    const result = spawnSync(
      join(repositoryRoot, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', 'apps'],
      { cwd: folder, encoding: 'utf8' },
    );
    const report = result.stdout.split('\n').find((line) => line.startsWith('{'));
    if (!report) throw new Error(`Biome gave no report: ${result.stderr}`);
    const { diagnostics } = JSON.parse(report) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    return diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path)
      .sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const sourceFile = (path: string) => `apps/api/src/${path}.ts`;
const moduleFile = (name: string) => sourceFile(`modules/users/${name}`);

describe('a module imports another only through its index', () => {
  it('refuses another module’s files and routes, however the path is spelled', () => {
    const refused = {
      [moduleFile('a-file')]:
        "import { createSession } from '../auth/sessions';\nexport const a = createSession;\n",
      [moduleFile('its-routes')]:
        "import { authRoutes } from '../auth/routes';\nexport const b = authRoutes;\n",
      [moduleFile('index-by-name')]:
        "import { loadProfile } from '../auth/index';\nexport const c = loadProfile;\n",
      [moduleFile('round-about')]:
        "import { createSession } from '../../modules/auth/sessions';\nexport const d = createSession;\n",
      [moduleFile('re-export')]: "export { createSession } from '../auth/sessions';\n",
    };
    const allowed = {
      [moduleFile('through-index')]:
        "import { createSession } from '../auth';\nexport const e = createSession;\n",
      [moduleFile('own-file')]: "import { listUsers } from './admin-list';\nexport const f = listUsers;\n",
      [moduleFile('shared-code')]:
        "import { AppError } from '../../lib/errors';\nexport const g = AppError;\n",
      // Outside modules/ (app.ts composes the routes), the rule does not apply.
      [sourceFile('composition')]:
        "import { authRoutes } from './modules/auth/routes';\nexport const h = authRoutes;\n",
    };
    expect(refusedFiles({ ...refused, ...allowed })).toEqual(Object.keys(refused).sort());
  });
});
