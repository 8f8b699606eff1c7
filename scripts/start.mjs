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

// glibc's malloc serves blocks under a threshold from heaps it gives back to the system only from
// their top, and raises the threshold to the size of each larger block freed, up to 32 MB: once
// the embedded database had been created (freeing buffers of many MB), nearly everything the
// server allocated stayed in it for good. Fixed at 128 KB, a server idle after a first start
// holds 314 MB instead of 491 (docs/decisions/036).
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/main.js')], {
  stdio: 'inherit',
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
