// A bulk role change and then its undo in their own process, so the test can SIGKILL it at any
// point; started again on the same mirror, it resumes whatever was left and goes on from there.
// argv: server URL, email, API key, the caller's user id, mirror path, user ids (comma-separated).
// Prints `DONE <job id> <done>` as items finish, then `FINISHED` once the undo has run.
import { planRoleChange } from '../../../main/admin/plan-roles';
import { planUndo } from '../../../main/admin/plan-undo';
import { getJob, insertJob, type JobRow } from '../../../main/store/bulk-jobs';
import { openRunner } from './harness';

const [url, email, apiKey, userId, mirrorPath, ids] = process.argv.slice(2) as [string, string, string, string, string, string];
const caller = Number(userId);
const say = (line: string) => process.stdout.write(`${line}\n`);
const run = await openRunner(url, { email, api_key: apiKey }, mirrorPath, (progress) => say(`DONE ${progress.job_id} ${progress.done}`));

async function finish(job_id: number): Promise<JobRow> {
  run.runner.start(job_id);
  await run.runner.idle(job_id);
  return getJob(run.db, job_id)!;
}

// The mirror is new to this test: job 1 is the role change, job 2 its undo.
for (const job of run.runner.unfinished()) await finish(job.job_id);
let change = getJob(run.db, 1);
if (!change) change = await finish(insertJob(run.db, 'change_roles', {}, planRoleChange(run.db, caller, ids.split(',').map(Number), [], 300).items));
if (!getJob(run.db, 2)) {
  const undo = planUndo(run.db, caller, change);
  await finish(insertJob(run.db, undo.kind, { undo_of: change.job_id }, undo.items));
}
say('FINISHED');
run.close();
