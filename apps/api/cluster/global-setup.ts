// @ts-expect-error a plain ES module script of the repository, without types
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';

/** The suites run the built server (`apps/api/dist/main.js`), as `npm start` does. */
export default function setup() {
  buildIfStale('apps/api');
}
