// What the runner decides without the network: a job a crash left running waits for the user,
// and cancelling reports an item whose outcome can no longer be known instead of leaving it open.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../shared/ipc';
import { silentLogger } from '../../../main/api/logger';
import type { ServiceClient } from '../../../main/api/service-client';
import { JobRunner } from '../../../main/admin/job-runner';
import { insertJob, itemsInState, markRunning, setJobState } from '../../../main/store/bulk-jobs';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';

let db: MirrorDatabase;
let notices: JobProgress[];
// Any request would fail the test: nothing here may reach the server.
const offline = new Proxy({}, { get: () => () => Promise.reject(new Error('no request expected')) }) as ServiceClient;
const runner = () => new JobRunner({ db, client: offline, logger: silentLogger, onProgress: (p) => notices.push(p) });

beforeEach(() => {
  db = openMirror(':memory:');
  notices = [];
});
afterEach(() => db.close());

function crashedJob(): number {
  const job_id = insertJob(db, 'create_users', {}, [{ payload: { email: 'a@x.com' } }, { payload: { email: 'b@x.com' } }]);
  setJobState(db, job_id, 'running');
  markRunning(db, job_id, 0);
  return job_id;
}

describe('JobRunner', () => {
  it('does not resume by itself a job a crash left running', () => {
    const job_id = crashedJob();
    expect(runner().unfinished()).toEqual([
      expect.objectContaining({ job_id, state: 'paused', remaining: 2, rate_per_minute: null, halt: expect.objectContaining({ code: 'INTERRUPTED' }) }),
    ]);
  });

  it('cancelling fails an item whose outcome is unknown and skips the rest', async () => {
    const job_id = crashedJob();
    const jobs = runner();
    expect(jobs.cancel(job_id)).toMatchObject({ state: 'cancelled', skipped: 1 });
    await jobs.idle(job_id);
    await expect.poll(() => jobs.progress(job_id)).toMatchObject({ remaining: 0, failed: 1, skipped: 1 });
    expect(itemsInState(db, job_id, 'failed')[0]).toMatchObject({ item_index: 0, error_code: 'UNKNOWN_OUTCOME' });
    expect(notices.at(-1)).toMatchObject({ state: 'cancelled', remaining: 0 });
  });

  it('pausing a planned job changes nothing: it still waits for confirmation', () => {
    const job_id = insertJob(db, 'create_invite_links', {}, [{ payload: { n: 1 } }]);
    expect(runner().pause(job_id)).toMatchObject({ state: 'planned', remaining: 1 });
  });
});
