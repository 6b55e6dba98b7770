// The CI check of .ci/run: Lighthouse on /, /mobile/ and /about; exits 1 if any performance score is
// below 90 (the benchmark, `npm run bench`, reports the same figures against the higher goal of 95).
import { floorCheck } from './lighthouse.mjs';

const FLOOR = Number(process.env.LIGHTHOUSE_FLOOR ?? 90);
process.exit(await floorCheck(FLOOR));
