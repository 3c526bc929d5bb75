// The job tables: a plan is stored whole before anything is sent, an item is claimed once, and
// what a restart must offer again is found.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  failRunning,
  forgetExpiredSecrets,
  forgetExportedSecrets,
  getJob,
  insertJob,
  itemCounts,
  itemsInState,
  jobItems,
  markDone,
  markFailed,
  markPending,
  markRunning,
  eraseForgottenSecrets,
  SECRET_RETENTION_MS,
  setJobHalt,
  setJobState,
  skipPending,
  unfinishedJobs,
} from '../../../main/store/bulk-jobs';
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
      { item_index: 1, state: 'skipped', payload: { email: 'bad' }, secret: null, result: null, error_code: 'INVALID_EMAIL', error_msg: 'Line 3: bad' },
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

  it('keeps an initial password only until it is sent, or for the export at most once and for a day', () => {
    const fromFile = (value: string) => ({ value, forExport: false });
    const generated = (value: string) => ({ value, forExport: true });
    const job_id = insertJob(db, 'create_users', {}, [
      { payload: { email: 'a@x.com' }, secret: fromFile('file-sent') },
      { payload: { email: 'b@x.com' }, secret: generated('made-sent') },
      { payload: { email: 'c@x.com' }, secret: generated('made-refused') },
      { payload: { email: 'd@x.com' }, secret: generated('made-unknown') },
      { payload: { email: 'e@x.com' }, secret: fromFile('file-cancelled') },
      { payload: { email: 'f@x.com' }, secret: fromFile('file-skipped'), skip: { code: 'INVALID_EMAIL', message: 'bad' } },
    ]);
    const secrets = () => jobItems(db, job_id).map((item) => item.secret);
    expect(secrets()).toEqual(['file-sent', 'made-sent', 'made-refused', 'made-unknown', 'file-cancelled', null]);
    for (const index of [0, 1, 2, 3]) markRunning(db, job_id, index);
    markDone(db, job_id, 0, { user_id: 10 }, 1_000);
    markDone(db, job_id, 1, { user_id: 11 }, 1_000);
    markFailed(db, job_id, 2, 'BAD_REQUEST', 'refused');
    expect(secrets()).toEqual([null, 'made-sent', null, 'made-unknown', 'file-cancelled', null]);
    skipPending(db, job_id, 'CANCELLED', 'cancelled');
    failRunning(db, job_id, 'UNKNOWN_OUTCOME', 'unknown');
    expect(secrets()).toEqual([null, 'made-sent', null, null, null, null]);
    // Kept for the export until a day after it was sent; then forgotten unexported.
    forgetExpiredSecrets(db, 1_000 + SECRET_RETENTION_MS - 1);
    expect(secrets()[1]).toBe('made-sent');
    forgetExpiredSecrets(db, 1_000 + SECRET_RETENTION_MS);
    expect(secrets()[1]).toBeNull();
    expect(JSON.stringify(db.prepare('SELECT * FROM bulk_job_items').all())).not.toMatch(/file-|made-/);
  });

  it('forgets the generated passwords an export has shown, not those of items still to send', () => {
    const job_id = insertJob(db, 'create_users', {}, [
      { payload: { email: 'a@x.com' }, secret: { value: 'exported', forExport: true } },
      { payload: { email: 'b@x.com' }, secret: { value: 'not-yet-sent', forExport: true } },
    ]);
    markRunning(db, job_id, 0);
    markDone(db, job_id, 0, { user_id: 10 });
    forgetExportedSecrets(db, job_id);
    expect(jobItems(db, job_id).map((item) => item.secret)).toEqual([null, 'not-yet-sent']);
  });
});

describe('the mirror file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'job-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds no copy of an exported password, in its pages or its log', () => {
    const file = openMirror(join(dir, 'mirror.db'));
    const job_id = insertJob(file, 'create_users', {}, [{ payload: { email: 'a@x.com' }, secret: { value: 'exported-4f1d9c', forExport: true } }]);
    markRunning(file, job_id, 0);
    markDone(file, job_id, 0, { user_id: 10 });
    forgetExportedSecrets(file, job_id);
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name)).includes('exported-4f1d9c'), name).toBe(false);
    file.close();
  });

  it('does not wait for another connection writing to erase', () => {
    const path = join(dir, 'mirror.db');
    const file = openMirror(path);
    // A wait would last this long, far past the test's timeout.
    file.pragma('busy_timeout = 60000');
    const worker = new Database(path);
    worker.exec('BEGIN IMMEDIATE');
    worker.prepare("INSERT INTO realm (key, json) VALUES ('k', '{}')").run();
    eraseForgottenSecrets(file);
    expect(file.pragma('busy_timeout', { simple: true })).toBe(60000);
    worker.exec('ROLLBACK');
    worker.close();
    file.close();
  });
});
