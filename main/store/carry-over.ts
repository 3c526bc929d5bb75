// What only this computer has, carried from a mirror set aside into the new one that replaces it:
// the outbox (messages not sent yet and actions waiting for the connection, each with its local id
// and in-flight mark, so that none is sent twice) and the drafts (with the server copies they
// name, and those still to delete). Everything else comes back from
// the server. The old file is read through a read-only handle; one that cannot be read carries
// nothing. Rows are copied column for column where both schemas have the column, so a file one
// version older or newer still gives what it holds.
import { z } from 'zod';
import { openMirrorToRead, type MirrorDatabase, type ReadOnlyMirror } from './database';
import { tupleReader, writer } from './statements';

const CARRIED = ['outbox', 'drafts', 'draft_removals'] as const;
type Carried = (typeof CARRIED)[number];

const cells = z.array(z.union([z.string(), z.number(), z.null()]));

interface Rows {
  columns: string[];
  rows: (string | number | null)[][];
}

/** What was carried: the messages among the outbox's items, and the drafts; null when the old file could not be read. */
export function carryOver(db: MirrorDatabase, asidePath: string): { messages: number; drafts: number } | null {
  const read = readCarried(db, asidePath);
  if (!read) return null;
  db.transaction(() => {
    for (const table of CARRIED) {
      const { columns, rows } = read[table];
      if (columns.length === 0) continue;
      const insert = writer(db, `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) insert.run(...row);
    }
  })();
  const kind = read.outbox.columns.indexOf('kind');
  return { messages: read.outbox.rows.filter((row) => row[kind] === 'sendMessage').length, drafts: read.drafts.rows.length };
}

function readCarried(db: MirrorDatabase, asidePath: string): Record<Carried, Rows> | null {
  let old: ReadOnlyMirror | null = null;
  try {
    old = openMirrorToRead(asidePath);
    if (!old) return null;
    return { outbox: rowsOf(old, db, 'outbox'), drafts: rowsOf(old, db, 'drafts'), draft_removals: rowsOf(old, db, 'draft_removals') };
  } catch {
    // Damaged, or not a mirror at all: nothing can be carried, and the caller says so.
    return null;
  } finally {
    old?.close();
  }
}

/** The rows of `table` in the old file, in the columns both files have. */
function rowsOf(old: ReadOnlyMirror, db: MirrorDatabase, table: Carried): Rows {
  const theirs = new Set(columnsOf(old, table));
  const columns = columnsOf(db, table).filter((column) => theirs.has(column));
  return { columns, rows: columns.length === 0 ? [] : tupleReader(old, `SELECT ${columns.join(', ')} FROM ${table}`, cells).all() };
}

function columnsOf(db: ReadOnlyMirror, table: Carried): string[] {
  return tupleReader(db, `SELECT name FROM pragma_table_info('${table}')`, z.tuple([z.string()]))
    .all()
    .map(([name]) => name);
}
