// The bulk_jobs and bulk_job_items tables: a job and every one of its items are written before
// anything is sent, and each item's state changes in its own small transaction, so a crash
// leaves at most the items then in flight with an unknown outcome (state 'running').
import type { BulkItemState, BulkJobKind, BulkJobState, JobHalt } from '../../shared/ipc';
import type { MirrorDatabase } from '../store/database';
import { prepared } from '../store/keyed-table';

export interface JobRow {
  job_id: number;
  kind: BulkJobKind;
  state: BulkJobState;
  settings: JobSettings;
  created_at: number;
}

/** What every item of the job shares (e.g. the invitation links' settings), and why it halted. */
export type JobSettings = Record<string, unknown> & { halt?: JobHalt | null };

export interface ItemRow<P = Record<string, unknown>> {
  item_index: number;
  state: BulkItemState;
  payload: P;
  result: Record<string, unknown> | null;
  error_code: string | null;
  error_msg: string | null;
}

export interface PlannedItem {
  payload: Record<string, unknown>;
  /** Refused before sending: the reason, as a code and a sentence. */
  skip?: { code: string; message: string };
}

export type ItemCounts = Record<BulkItemState, number>;

interface RawJob {
  job_id: number;
  kind: BulkJobKind;
  state: BulkJobState;
  settings: string;
  created_at: number;
}

interface RawItem {
  item_index: number;
  state: BulkItemState;
  payload: string;
  result: string | null;
  error_code: string | null;
  error_msg: string | null;
}

const ITEM_COLUMNS = 'item_index, state, payload, result, error_code, error_msg';

const toJob = (raw: RawJob): JobRow => ({ ...raw, settings: JSON.parse(raw.settings) as JobSettings });
const toItem = <P>(raw: RawItem): ItemRow<P> => ({
  ...raw,
  payload: JSON.parse(raw.payload) as P,
  result: raw.result === null ? null : (JSON.parse(raw.result) as Record<string, unknown>),
});

/** Stores a job and all its items in one transaction; returns its id. */
export function insertJob(db: MirrorDatabase, kind: BulkJobKind, settings: JobSettings, items: PlannedItem[], now = Date.now()): number {
  return db.transaction(() => {
    const { lastInsertRowid } = prepared(db, "INSERT INTO bulk_jobs (kind, state, settings, created_at) VALUES (?, 'planned', ?, ?)").run(
      kind,
      JSON.stringify(settings),
      now,
    );
    const job_id = Number(lastInsertRowid);
    const insert = prepared(db, 'INSERT INTO bulk_job_items (job_id, item_index, state, payload, error_code, error_msg) VALUES (?, ?, ?, ?, ?, ?)');
    items.forEach((item, index) => {
      insert.run(job_id, index, item.skip ? 'skipped' : 'pending', JSON.stringify(item.payload), item.skip?.code ?? null, item.skip?.message ?? null);
    });
    return job_id;
  })();
}

export function getJob(db: MirrorDatabase, job_id: number): JobRow | undefined {
  const raw = prepared(db, 'SELECT * FROM bulk_jobs WHERE job_id = ?').get(job_id) as RawJob | undefined;
  return raw && toJob(raw);
}

/** Jobs a restart has to offer again: neither finished nor cancelled, newest first. */
export function unfinishedJobs(db: MirrorDatabase): JobRow[] {
  const rows = prepared(db, "SELECT * FROM bulk_jobs WHERE state NOT IN ('finished', 'cancelled') ORDER BY job_id DESC").all() as RawJob[];
  return rows.map(toJob);
}

export function setJobState(db: MirrorDatabase, job_id: number, state: BulkJobState): void {
  prepared(db, 'UPDATE bulk_jobs SET state = ? WHERE job_id = ?').run(state, job_id);
}

export function setJobHalt(db: MirrorDatabase, job_id: number, halt: JobHalt | null): void {
  prepared(db, "UPDATE bulk_jobs SET settings = json_set(settings, '$.halt', json(?)) WHERE job_id = ?").run(JSON.stringify(halt), job_id);
}

export function itemCounts(db: MirrorDatabase, job_id: number): ItemCounts {
  const counts: ItemCounts = { pending: 0, running: 0, done: 0, failed: 0, skipped: 0 };
  const rows = prepared(db, 'SELECT state, count(*) AS n FROM bulk_job_items WHERE job_id = ? GROUP BY state').all(job_id) as { state: BulkItemState; n: number }[];
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export function itemsInState<P = Record<string, unknown>>(db: MirrorDatabase, job_id: number, state: BulkItemState, limit = -1, offset = 0): ItemRow<P>[] {
  const rows = prepared(db, `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = ? AND state = ? ORDER BY item_index LIMIT ? OFFSET ?`).all(job_id, state, limit, offset) as RawItem[];
  return rows.map((raw) => toItem<P>(raw));
}

export function jobItems<P = Record<string, unknown>>(db: MirrorDatabase, job_id: number, offset = 0, limit = -1): ItemRow<P>[] {
  const rows = prepared(db, `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = ? ORDER BY item_index LIMIT ? OFFSET ?`).all(job_id, limit, offset) as RawItem[];
  return rows.map((raw) => toItem<P>(raw));
}

/**
 * Claims a pending item for sending: from here until its answer is stored, its outcome is
 * unknown. False when it is no longer pending (claimed, cancelled), so nothing is sent twice.
 */
export function markRunning(db: MirrorDatabase, job_id: number, item_index: number): boolean {
  return prepared(db, "UPDATE bulk_job_items SET state = 'running' WHERE job_id = ? AND item_index = ? AND state = 'pending'").run(job_id, item_index).changes === 1;
}

export function markDone(db: MirrorDatabase, job_id: number, item_index: number, result: Record<string, unknown>): void {
  prepared(db, "UPDATE bulk_job_items SET state = 'done', result = ?, error_code = NULL, error_msg = NULL WHERE job_id = ? AND item_index = ?").run(
    JSON.stringify(result),
    job_id,
    item_index,
  );
}

export function markFailed(db: MirrorDatabase, job_id: number, item_index: number, code: string, message: string): void {
  prepared(db, "UPDATE bulk_job_items SET state = 'failed', error_code = ?, error_msg = ? WHERE job_id = ? AND item_index = ?").run(code, message, job_id, item_index);
}

/** Back to the queue: not sent after all, or checked on the server and found not done. */
export function markPending(db: MirrorDatabase, job_id: number, item_index: number): void {
  prepared(db, "UPDATE bulk_job_items SET state = 'pending' WHERE job_id = ? AND item_index = ?").run(job_id, item_index);
}

/** Cancelling skips what was not sent, with the reason. */
export function skipPending(db: MirrorDatabase, job_id: number, code: string, message: string): void {
  prepared(db, "UPDATE bulk_job_items SET state = 'skipped', error_code = ?, error_msg = ? WHERE job_id = ? AND state = 'pending'").run(code, message, job_id);
}

/** Items whose outcome stays unknown (a cancelled job): reported, never sent again. */
export function failRunning(db: MirrorDatabase, job_id: number, code: string, message: string): void {
  prepared(db, "UPDATE bulk_job_items SET state = 'failed', error_code = ?, error_msg = ? WHERE job_id = ? AND state = 'running'").run(code, message, job_id);
}
