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
    // The lockfile: the database template is PGlite's own dump, made by the version installed.
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src', 'package-lock.json'],
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

/**
 * Builds each named workspace that is stale. The build's own output (Vite's file list, warnings) is
 * shown only with `--verbose` on the command line, or when the build fails: a newcomer's
 * `npm start` prints one line per build.
 */
export function buildIfStale(...names) {
  const verbose = process.argv.includes('--verbose');
  for (const name of names) {
    const { output, sources } = workspaces[name];
    const outputPath = join(root, output);
    if (existsSync(outputPath) && statSync(outputPath).mtimeMs >= newestModification(sources)) continue;
    const started = performance.now();
    process.stdout.write(`Building ${name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', name], {
      cwd: root,
      stdio: verbose ? 'inherit' : 'pipe',
      encoding: 'utf8',
      // A production build; the demonstration gateway (PAYMENT_PROVIDER=demo, refused with
      // NODE_ENV=production) is the running server's business, not the build's.
      env: { ...process.env, NODE_ENV: 'production', PAYMENT_PROVIDER: undefined },
    });
    if (result.status !== 0) {
      if (!verbose) process.stdout.write(`\n${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`The ${name} build failed.`);
    }
    console.log(` done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
