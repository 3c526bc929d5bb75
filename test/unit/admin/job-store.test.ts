// The job tables: a plan is stored whole before anything is sent, an item is claimed once, and
// what a restart must offer again is found.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  getJob,
  insertJob,
  itemCounts,
  itemsInState,
  markDone,
  markFailed,
  markPending,
  markRunning,
  setJobHalt,
  setJobState,
  skipPending,
  unfinishedJobs,
} from '../../../main/admin/job-store';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';

let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
});
afterEach(() => db.close());

const plan = () =>
  insertJob(db, 'create_users', { note: 'kept' }, [
    { payload: { email: 'a@x.com' } },
    { payload: { email: 'bad' }, skip: { code: 'INVALID_EMAIL', message: 'Line 3: bad' } },
    { payload: { email: 'c@x.com' } },
    { payload: { email: 'd@x.com' } },
  ]);

describe('job store', () => {
  it('stores the job planned, with every item and the skip reasons', () => {
    const job_id = plan();
    expect(getJob(db, job_id)).toMatchObject({ kind: 'create_users', state: 'planned', settings: { note: 'kept' } });
    expect(itemCounts(db, job_id)).toEqual({ pending: 3, running: 0, done: 0, failed: 0, skipped: 1 });
    expect(itemsInState(db, job_id, 'skipped')).toEqual([
      { item_index: 1, state: 'skipped', payload: { email: 'bad' }, result: null, error_code: 'INVALID_EMAIL', error_msg: 'Line 3: bad' },
    ]);
  });

  it('claims an item once, and records each outcome', () => {
    const job_id = plan();
    expect(markRunning(db, job_id, 0)).toBe(true);
    expect(markRunning(db, job_id, 0)).toBe(false);
    expect(markRunning(db, job_id, 1)).toBe(false);
    markDone(db, job_id, 0, { user_id: 42 });
    markRunning(db, job_id, 2);
    markFailed(db, job_id, 2, 'BAD_REQUEST', 'Email is already in use.');
    markRunning(db, job_id, 3);
    markPending(db, job_id, 3);
    expect(itemsInState(db, job_id, 'done')[0]!.result).toEqual({ user_id: 42 });
    expect(itemsInState(db, job_id, 'failed')[0]).toMatchObject({ error_code: 'BAD_REQUEST', error_msg: 'Email is already in use.' });
    expect(itemsInState(db, job_id, 'pending').map((i) => i.item_index)).toEqual([3]);
    skipPending(db, job_id, 'CANCELLED', 'cancelled');
    expect(itemCounts(db, job_id)).toEqual({ pending: 0, running: 0, done: 1, failed: 1, skipped: 2 });
  });

  it('lists unfinished jobs newest first, and keeps a halt with the settings', () => {
    const first = plan();
    const second = plan();
    const third = plan();
    setJobState(db, first, 'finished');
    setJobState(db, third, 'cancelled');
    setJobHalt(db, second, { code: 'INTERRUPTED', message: 'stopped' });
    expect(unfinishedJobs(db).map((job) => job.job_id)).toEqual([second]);
    expect(getJob(db, second)!.settings).toEqual({ note: 'kept', halt: { code: 'INTERRUPTED', message: 'stopped' } });
    setJobHalt(db, second, null);
    expect(getJob(db, second)!.settings.halt).toBeNull();
  });
});
