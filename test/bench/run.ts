// `npm run bench`: every figure the issues ask for, one `BENCH` line each.
import { syncBenchmarks } from './sync.bench';
import { uiBenchmarks } from './ui.bench';

await syncBenchmarks();
await uiBenchmarks();
