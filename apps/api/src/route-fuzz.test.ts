import { fuzzEveryRoute } from './test/route-fuzz';

// The short run, in `npm test`: a NUL in each field, then 3 random requests per route and role.
// The long run is route-fuzz.slow.test.ts (docs/decisions/037).
await fuzzEveryRoute({ runs: 3 });
