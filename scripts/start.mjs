// `npm start`: builds whatever is missing or older than its sources, then runs the server, which
// migrates, seeds demo content on an empty database and serves the site and the API on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;

try {
  buildIfStale('apps/web', 'apps/api');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
