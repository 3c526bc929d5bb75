import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import { holds, quickParse } from '../../shared/api/quick-check';
import type { MirrorDatabase, ReadOnlyMirror } from './database';

/**
 * A mirror table of one record kind: the record's key, the columns the app queries, and the
 * server's full record as JSON. One description per kind; the SQL is written once, here.
 */
export interface KeyedTable<R> {
  table: string;
  key: string;
  /** Queried columns, each read off the record (the key included). */
  columns: Record<string, (record: R, position: number) => unknown>;
  /** What a record read back must hold to be used as R (see storedRecord). */
  record: z.ZodType<R>;
}

/**
 * A stored record is used as R once `shape` holds: the fields the mirror keys, queries and
 * derives from, as the server's answers were checked (records stay open, kept as received).
 */
export function storedRecord<R>(shape: z.ZodType): z.ZodType<R> {
  return z.custom<R>((value) => holds(shape, value), { error: 'a stored record is not in the form the app reads' });
}

/** A row's JSON column, parsed and checked against the table's record shape (read, not copied). */
export function readRecord<R>(t: KeyedTable<R>, row: unknown): R {
  if (typeof row !== 'object' || row === null || !('json' in row) || typeof row.json !== 'string') {
    throw new Error(`A row read from ${t.table} has no JSON column.`);
  }
  return quickParse(t.record, JSON.parse(row.json));
}

export type Row = Record<string, unknown> & { json: string };

const statements = new WeakMap<ReadOnlyMirror, Map<string, Statement>>();
const generations = new WeakMap<ReadOnlyMirror, Map<string, number>>();

/** Counts this connection's writes to `table`, so derived in-memory indexes know when to rebuild. */
export function tableGeneration(db: ReadOnlyMirror, table: string): number {
  return generations.get(db)?.get(table) ?? 0;
}

function wrote(db: MirrorDatabase, table: string): void {
  let tables = generations.get(db);
  if (!tables) generations.set(db, (tables = new Map()));
  tables.set(table, (tables.get(table) ?? 0) + 1);
}

/**
 * Prepared statements are cached per connection: the hot paths (events) reuse them. A statement
 * that hands back its rows as arrays (`rows: 'tuples'`) is a statement of its own, since the mode
 * belongs to the statement.
 */
export function prepared(db: ReadOnlyMirror, sql: string, rows: 'objects' | 'tuples' = 'objects'): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const key = rows === 'tuples' ? `tuples:${sql}` : sql;
  let statement = cache.get(key);
  if (!statement) cache.set(key, (statement = rows === 'tuples' ? db.prepare(sql).raw(true) : db.prepare(sql)));
  return statement;
}

/** A table's statements, written once: the hot paths (events) then look up the same SQL string, whose hash is kept. */
interface TableSql {
  upsert: string;
  select: string;
  delete: string;
}

const tableSql = new WeakMap<object, TableSql>();

function sqlOf<R>(t: KeyedTable<R>): TableSql {
  let sql = tableSql.get(t);
  if (!sql) {
    const select = `SELECT json FROM ${t.table} WHERE ${t.key} = ?`;
    tableSql.set(t, (sql = { upsert: upsertSql(t), select, delete: `DELETE FROM ${t.table} WHERE ${t.key} = ?` }));
  }
  return sql;
}

function upsertSql<R>(t: KeyedTable<R>): string {
  const names = [...Object.keys(t.columns), 'json'];
  const updates = names.filter((n) => n !== t.key).map((n) => `${n} = excluded.${n}`);
  // Unchanged rows are not rewritten, so their indexes do no needless work.
  return (
    `INSERT INTO ${t.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ` +
    `ON CONFLICT (${t.key}) DO UPDATE SET ${updates.join(', ')} WHERE ${t.table}.json IS NOT excluded.json`
  );
}

/** Positional values in the order of upsertSql's columns (positional binding is the fast path). */
function toValues<R>(readers: ((record: R, position: number) => unknown)[], record: R, position: number): unknown[] {
  const values = new Array<unknown>(readers.length + 1);
  for (let i = 0; i < readers.length; i++) {
    const value = readers[i]!(record, position);
    values[i] = typeof value === 'boolean' ? Number(value) : (value ?? null);
  }
  values[readers.length] = JSON.stringify(record);
  return values;
}

export function upsertRecords<R>(db: MirrorDatabase, t: KeyedTable<R>, records: readonly R[]): void {
  const statement = prepared(db, sqlOf(t).upsert);
  const readers = Object.values(t.columns);
  for (let position = 0; position < records.length; position++) statement.run(toValues(readers, records[position]!, position));
  wrote(db, t.table);
}

/** The table becomes exactly `records`: rows missing from them are removed. Call inside a transaction. */
export function replaceRecords<R>(db: MirrorDatabase, t: KeyedTable<R>, records: readonly R[]): void {
  const keep = records.map((record, position) => t.columns[t.key]?.(record, position));
  prepared(db, `DELETE FROM ${t.table} WHERE ${t.key} NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(keep));
  wrote(db, t.table);
  upsertRecords(db, t, records);
}

export function deleteRecords<R>(db: MirrorDatabase, t: KeyedTable<R>, keys: readonly (number | string)[]): void {
  const statement = prepared(db, sqlOf(t).delete);
  for (const key of keys) statement.run(key);
  wrote(db, t.table);
}

export function getRecord<R>(db: ReadOnlyMirror, t: KeyedTable<R>, key: number | string): R | undefined {
  const row: unknown = prepared(db, sqlOf(t).select).get(key);
  return row === undefined ? undefined : readRecord(t, row);
}

/** All records, in `orderBy` order (a column list of the table). */
export function allRecords<R>(db: ReadOnlyMirror, t: KeyedTable<R>, orderBy: string = t.key): R[] {
  return prepared(db, `SELECT json FROM ${t.table} ORDER BY ${orderBy}`).all().map((row) => readRecord(t, row));
}

/** Events about records not in the mirror (another user's channel, say) change nothing. */
export function patchRecord<R>(db: MirrorDatabase, t: KeyedTable<R>, key: number, change: (record: R) => R): void {
  const record = getRecord(db, t, key);
  if (record !== undefined) upsertRecords(db, t, [change(record)]);
}
