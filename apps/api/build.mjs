// Bundles the server into dist/ (the shared package included, npm packages left external) so that
// `npm start` runs plain JavaScript. Migrations and documents are read from the repo beside it.
// The embedded database's worker is copied beside the bundle. Then the bundle writes a migrated embedded database beside itself, which a first start loads
// (src/db/template.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The embedded database's worker is plain JavaScript, started by its path (src/db/embedded-server.ts).
copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');

const template = spawnSync(process.execPath, ['dist/cli.js', 'create-database-template'], {
  stdio: 'inherit',
});
if (template.status !== 0) process.exit(template.status ?? 1);
