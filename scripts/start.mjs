// `npm start`: builds whatever is missing or older than its sources, then becomes the server,
// which migrates, seeds demo content on an empty database and serves the site and the API on one
// port. The builds run in child processes that exit; the server runs in this process, so one Node
// process is left serving, and a signal (Ctrl-C, SIGTERM) reaches the server itself, which closes
// the database and removes its lock before exiting (apps/api/src/main.ts). package.json's `start`
// runs it with glibc's mmap threshold and V8's heap growth set for memory (docs/decisions/036), and
// V8's young generation at half its default (docs/decisions/063).
import { buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale('apps/web', 'apps/api');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// No source maps by default: Node decodes a bundle's map into about 200,000 small arrays, some
// 20 MB that a server idles with (docs/decisions/063). `NODE_OPTIONS=--enable-source-maps npm
// start` names the TypeScript sources in stack traces; dist/ keeps the maps for that.
await import('../apps/api/dist/main.js');
