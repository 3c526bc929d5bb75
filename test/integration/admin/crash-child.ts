// A user import in its own process, so the test can SIGKILL it mid-job.
// argv: server URL, email, API key, the caller's user id, mirror path, CSV file. Prints `JOB <id>`, then `DONE <n>`.
import { readFileSync } from 'node:fs';
import { parseUserCsv } from '../../../main/admin/csv-import';
import { insertJob } from '../../../main/store/bulk-jobs';
import { planUserImport } from '../../../main/admin/plan-create-users';
import { openRunner } from './harness';

const [url, email, apiKey, userId, mirrorPath, csvPath] = process.argv.slice(2) as [string, string, string, string, string, string];
const say = (line: string) => process.stdout.write(`${line}\n`);
const run = await openRunner(url, { email, api_key: apiKey }, mirrorPath, (progress) => say(`DONE ${progress.done}`));
const { items } = planUserImport(run.db, Number(userId), parseUserCsv(readFileSync(csvPath, 'utf8')));
const job_id = insertJob(run.db, 'create_users', {}, items);
say(`JOB ${job_id}`);
run.runner.start(job_id);
