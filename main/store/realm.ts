import type { MirrorDatabase } from './database';
import { prepared } from './keyed-table';

/** Server and realm settings: one row per announced value (realm_*, max_*, typing periods, feature level). */
export function setRealmValues(db: MirrorDatabase, values: Readonly<Record<string, unknown>>): void {
  const statement = prepared(db, 'INSERT INTO realm (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json');
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) statement.run(key, JSON.stringify(value));
  }
}

export function replaceRealmValues(db: MirrorDatabase, values: Readonly<Record<string, unknown>>): void {
  prepared(db, 'DELETE FROM realm').run();
  setRealmValues(db, values);
}

export function realmValues(db: MirrorDatabase): Record<string, unknown> {
  const rows = prepared(db, 'SELECT key, json FROM realm').all() as { key: string; json: string }[];
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.json) as unknown]));
}

export function realmValue(db: MirrorDatabase, key: string): unknown {
  const row = prepared(db, 'SELECT json FROM realm WHERE key = ?').get(key) as { json: string } | undefined;
  return row === undefined ? undefined : (JSON.parse(row.json) as unknown);
}
