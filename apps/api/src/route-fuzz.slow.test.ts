import { fuzzEveryRoute } from './test/route-fuzz';

// The long run, in `npm run test:slow`: a NUL in each field, then 10 random requests per route
// and role (docs/decisions/029, 037). FUZZ_RUNS=150 FUZZ_SEED=7 runs it longer or with another seed.
await fuzzEveryRoute({ runs: 10 });
