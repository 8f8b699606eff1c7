// `npm start`: builds whatever is missing or older than its sources, then runs the server, which
// migrates, seeds demo content on an empty database and serves the site and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time of any file below the given folders. */
function newestModification(folders) {
  let newest = 0;
  const visit = (path) => {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const folder of folders) if (existsSync(folder)) visit(join(root, folder));
  return newest;
}

function isBuilt(output, sources) {
  const outputPath = join(root, output);
  return existsSync(outputPath) && statSync(outputPath).mtimeMs >= newestModification(sources);
}

const builds = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'],
  },
  {
    workspace: 'apps/api',
    output: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'packages/shared/src'],
  },
];

for (const { workspace, output, sources } of builds) {
  if (isBuilt(output, sources)) continue;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
