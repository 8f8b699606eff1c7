// Builds a workspace when its output is missing or older than any of its sources, so `npm start`,
// the benchmark and the audit never run a stale bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const workspaces = {
  'apps/web': {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  'apps/api': {
    output: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'],
  },
};

/** The newest modification time of any file at or below the given paths. */
function newestModification(paths) {
  let newest = 0;
  const visit = (path) => {
    const stats = statSync(path);
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path))
      if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
  };
  for (const path of paths) if (existsSync(join(root, path))) visit(join(root, path));
  return newest;
}

export function buildIfStale(...names) {
  for (const name of names) {
    const { output, sources } = workspaces[name];
    const outputPath = join(root, output);
    if (existsSync(outputPath) && statSync(outputPath).mtimeMs >= newestModification(sources)) continue;
    console.log(`Building ${name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', name], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`The ${name} build failed.`);
  }
}
