// `npm run bench`: every figure the issues ask for, one `BENCH` line each.
import { bulkBenchmarks } from './bulk.bench';
import { messageBenchmarks } from './messages.bench';
import { notifyBenchmarks } from './notify.bench';
import { outboxBenchmarks } from './outbox.bench';
import { realServerBenchmarks } from './real.bench';
import { sendBenchmarks } from './send.bench';
import { syncBenchmarks } from './sync.bench';
import { uploadBenchmarks } from './upload.bench';
import { feedBenchmarks, uiBenchmarks } from './ui.bench';

await syncBenchmarks();
await uiBenchmarks();
await feedBenchmarks();
await messageBenchmarks();
await notifyBenchmarks();
await outboxBenchmarks();
await uploadBenchmarks();
await sendBenchmarks();
await bulkBenchmarks();
await realServerBenchmarks();
