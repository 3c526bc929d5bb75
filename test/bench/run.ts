// `npm run bench`: every figure the issues ask for, one `BENCH` line each.
import { syncBenchmarks } from './sync.bench';

await syncBenchmarks();
