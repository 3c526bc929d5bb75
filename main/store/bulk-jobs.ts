// The bulk_jobs and bulk_job_items tables: a job and every one of its items are written before
// anything is sent, and each item's state changes in its own small transaction, so a crash
// leaves at most the items then in flight with an unknown outcome (state 'running').
//
// An item's secret (an initial password) is kept apart from its payload, and only as long as
// it is needed: until the item is sent, or, when the export must show it, until it is exported
// or SECRET_RETENTION_MS after it was sent, whichever comes first.
//
// Rows and their JSON columns are validated as they are read back: a row this version cannot
// read is an error, never a guess.
import { z } from 'zod';
import { bulkItemState, bulkJobKind, bulkJobState, jobHalt, type BulkItemState, type BulkJobKind, type BulkJobState, type JobHalt } from '../../shared/bulk-jobs';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { reader, writer } from './statements';

const json = z.string().transform((text, context) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    context.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
});
const jsonObject = json.pipe(z.record(z.string(), z.unknown()));

/** What every item of the job shares (e.g. the invitation links' settings), and why it halted. */
const jobSettings = z.looseObject({ halt: jobHalt.nullable().optional() });
export type JobSettings = z.infer<typeof jobSettings>;

const jobRow = z.object({
  job_id: z.number().int(),
  kind: bulkJobKind,
  state: bulkJobState,
  settings: json.pipe(jobSettings),
  created_at: z.number(),
});
export type JobRow = z.infer<typeof jobRow>;

/** An administrator who does not export the results the same day will not: reset the password instead. */
export const SECRET_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ItemRow {
  item_index: number;
  state: BulkItemState;
  payload: Record<string, unknown>;
  /** What is sent with the payload but never kept longer than needed; null once forgotten. */
  secret: string | null;
  result: Record<string, unknown> | null;
  error_code: string | null;
  error_msg: string | null;
}

export interface PlannedItem {
  payload: Record<string, unknown>;
  secret?: { value: string; forExport: boolean };
  /** Refused before sending: the reason, as a code and a sentence. */
  skip?: { code: string; message: string };
}

export type ItemCounts = Record<BulkItemState, number>;

const itemRow = z.object({
  item_index: z.number().int(),
  state: bulkItemState,
  payload: jsonObject,
  secret: z.string().nullable(),
  result: jsonObject.nullable(),
  error_code: z.string().nullable(),
  error_msg: z.string().nullable(),
});

const ITEM_COLUMNS = 'item_index, state, payload, secret, result, error_code, error_msg';


/** Stores a job and all its items in one transaction; returns its id. */
export function insertJob(db: MirrorDatabase, kind: BulkJobKind, settings: JobSettings, items: PlannedItem[], now = Date.now()): number {
  return db.transaction(() => {
    const { lastInsertRowid } = writer(db, "INSERT INTO bulk_jobs (kind, state, settings, created_at) VALUES (?, 'planned', ?, ?)").run(
      kind,
      JSON.stringify(settings),
      now,
    );
    const job_id = Number(lastInsertRowid);
    const insert = writer(
      db,
      'INSERT INTO bulk_job_items (job_id, item_index, state, payload, secret, secret_for_export, error_code, error_msg) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    items.forEach((item, index) => {
      // A skipped item is never sent: its secret is not stored at all.
      const secret = item.skip ? undefined : item.secret;
      insert.run(job_id, index, item.skip ? 'skipped' : 'pending', JSON.stringify(item.payload), secret?.value ?? null, secret?.forExport ? 1 : 0, item.skip?.code ?? null, item.skip?.message ?? null);
    });
    return job_id;
  })();
}

export function getJob(db: ReadOnlyMirror, job_id: number): JobRow | undefined {
  return reader(db, 'SELECT * FROM bulk_jobs WHERE job_id = ?', jobRow).get(job_id);
}

/** Jobs a restart has to offer again: neither finished nor cancelled, newest first. */
export function unfinishedJobs(db: ReadOnlyMirror): JobRow[] {
  return reader(db, "SELECT * FROM bulk_jobs WHERE state NOT IN ('finished', 'cancelled') ORDER BY job_id DESC", jobRow).all();
}

export function setJobState(db: MirrorDatabase, job_id: number, state: BulkJobState): void {
  writer(db, 'UPDATE bulk_jobs SET state = ? WHERE job_id = ?').run(state, job_id);
}

export function setJobHalt(db: MirrorDatabase, job_id: number, halt: JobHalt | null): void {
  writer(db, "UPDATE bulk_jobs SET settings = json_set(settings, '$.halt', json(?)) WHERE job_id = ?").run(JSON.stringify(halt), job_id);
}

const stateCount = z.object({ state: bulkItemState, n: z.number().int() });

export function itemCounts(db: ReadOnlyMirror, job_id: number): ItemCounts {
  const counts: ItemCounts = { pending: 0, running: 0, done: 0, failed: 0, skipped: 0 };
  const rows = reader(db, 'SELECT state, count(*) AS n FROM bulk_job_items WHERE job_id = ? GROUP BY state', stateCount).all(job_id);
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export function itemsInState(db: ReadOnlyMirror, job_id: number, state: BulkItemState, limit = -1, offset = 0): ItemRow[] {
  return reader(db, `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = ? AND state = ? ORDER BY item_index LIMIT ? OFFSET ?`, itemRow).all(job_id, state, limit, offset);
}

/** Done items whose answer carries a note for the administrator (a user created without the profile values the server refused). */
const WARNED = "state = 'done' AND json_extract(result, '$.profile_error') IS NOT NULL";

export function warnedItems(db: ReadOnlyMirror, job_id: number, limit = -1, offset = 0): ItemRow[] {
  return reader(db, `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = ? AND ${WARNED} ORDER BY item_index LIMIT ? OFFSET ?`, itemRow).all(job_id, limit, offset);
}

/** The note a done item carries, if any. */
export function itemWarning(item: ItemRow): string | null {
  const note = item.result?.['profile_error'];
  return typeof note === 'string' ? note : null;
}

export function warnedCount(db: ReadOnlyMirror, job_id: number): number {
  return reader(db, `SELECT count(*) AS n FROM bulk_job_items WHERE job_id = ? AND ${WARNED}`, z.object({ n: z.number().int() })).get(job_id)?.n ?? 0;
}

export function jobItems(db: ReadOnlyMirror, job_id: number, offset = 0, limit = -1): ItemRow[] {
  return reader(db, `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = ? ORDER BY item_index LIMIT ? OFFSET ?`, itemRow).all(job_id, limit, offset);
}

/**
 * Claims a pending item for sending: from here until its answer is stored, its outcome is
 * unknown. False when it is no longer pending (claimed, cancelled), so nothing is sent twice.
 */
export function markRunning(db: MirrorDatabase, job_id: number, item_index: number): boolean {
  return writer(db, "UPDATE bulk_job_items SET state = 'running' WHERE job_id = ? AND item_index = ? AND state = 'pending'").run(job_id, item_index).changes === 1;
}

/** Sent: the secret is forgotten, unless the export needs it (then for SECRET_RETENTION_MS at most). */
export function markDone(db: MirrorDatabase, job_id: number, item_index: number, result: Record<string, unknown>, now = Date.now()): void {
  writer(
    db,
    `UPDATE bulk_job_items SET state = 'done', result = ?, error_code = NULL, error_msg = NULL,
       secret = CASE WHEN secret_for_export = 1 THEN secret END,
       secret_expires_at = CASE WHEN secret_for_export = 1 AND secret IS NOT NULL THEN ? END
     WHERE job_id = ? AND item_index = ?`,
  ).run(JSON.stringify(result), now + SECRET_RETENTION_MS, job_id, item_index);
}

const FORGET_SECRET = 'secret = NULL, secret_expires_at = NULL';

/** Never sent again: its secret is forgotten. */
export function markFailed(db: MirrorDatabase, job_id: number, item_index: number, code: string, message: string): void {
  writer(db, `UPDATE bulk_job_items SET state = 'failed', error_code = ?, error_msg = ?, ${FORGET_SECRET} WHERE job_id = ? AND item_index = ?`).run(
    code,
    message,
    job_id,
    item_index,
  );
}

/** Back to the queue: not sent after all, or checked on the server and found not done. */
export function markPending(db: MirrorDatabase, job_id: number, item_index: number): void {
  writer(db, "UPDATE bulk_job_items SET state = 'pending' WHERE job_id = ? AND item_index = ?").run(job_id, item_index);
}

/** Cancelling skips what was not sent, with the reason. */
export function skipPending(db: MirrorDatabase, job_id: number, code: string, message: string): void {
  writer(db, `UPDATE bulk_job_items SET state = 'skipped', error_code = ?, error_msg = ?, ${FORGET_SECRET} WHERE job_id = ? AND state = 'pending'`).run(
    code,
    message,
    job_id,
  );
}

/** Items whose outcome stays unknown (a cancelled job): reported, never sent again. */
export function failRunning(db: MirrorDatabase, job_id: number, code: string, message: string): void {
  writer(db, `UPDATE bulk_job_items SET state = 'failed', error_code = ?, error_msg = ?, ${FORGET_SECRET} WHERE job_id = ? AND state = 'running'`).run(
    code,
    message,
    job_id,
  );
}

/** The export has shown the secrets of the items sent so far: they are not kept for another. */
export function forgetExportedSecrets(db: MirrorDatabase, job_id: number): void {
  writer(db, `UPDATE bulk_job_items SET ${FORGET_SECRET} WHERE job_id = ? AND state = 'done' AND secret IS NOT NULL`).run(job_id);
  eraseForgottenSecrets(db);
}

/**
 * Secrets kept for an export that did not come in time. Read first, written only when there are
 * some: at an account's first start the sync worker holds the mirror's write lock, and even a write
 * that changes nothing would wait for it on the main thread.
 */
export function forgetExpiredSecrets(db: MirrorDatabase, now = Date.now()): void {
  if (!reader(db, 'SELECT 1 AS due FROM bulk_job_items WHERE secret_expires_at <= ? LIMIT 1', z.object({ due: z.literal(1) })).get(now)) return;
  if (writer(db, `UPDATE bulk_job_items SET ${FORGET_SECRET} WHERE secret_expires_at <= ?`).run(now).changes > 0) eraseForgottenSecrets(db);
}

/**
 * Forgotten secrets are zeroed in the database's pages (secure_delete), but their older copies
 * stay in the write-ahead log until it is checkpointed and emptied. Not inside a transaction.
 * It does not wait for the sync worker's connection (that would block the main thread): while
 * the worker writes, the copies stay until the next erase.
 */
export function eraseForgottenSecrets(db: MirrorDatabase): void {
  const timeout = z.number().parse(db.pragma('busy_timeout', { simple: true }));
  db.pragma('busy_timeout = 0');
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}
