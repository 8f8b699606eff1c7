// `npm start`: builds whatever is missing or older than its sources, then becomes the server,
// which migrates, seeds demo content on an empty database and serves the site and the API on one
// port. The builds run in child processes that exit; the server runs in this process, so one Node
// process is left serving, and a signal (Ctrl-C, SIGTERM) reaches the server itself, which closes
// the database and removes its lock before exiting (apps/api/src/main.ts). package.json's `start`
// runs it with glibc's mmap threshold and V8's heap growth set for memory (docs/decisions/036).
import { buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale('apps/web', 'apps/api');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// Stack traces name the TypeScript sources (the bundle's source maps), as with --enable-source-maps.
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/main.js');
