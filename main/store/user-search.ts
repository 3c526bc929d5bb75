import type { MirrorDatabase } from './database';
import { prepared, tableGeneration } from './keyed-table';

/** Case and accents folded away, so "edi" finds "Édith" and "Édith" sorts among the E's. */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The users' names and emails in display order, held in memory: scanning 100,000 short strings
 * takes a few milliseconds, where SQL substring matching (or a trigram index, which also slows
 * every write) takes far longer on common fragments.
 */
class UserSearchIndex {
  readonly #ids: Int32Array;
  /** " <folded name>" so a word start is found as " <query>". */
  readonly #names: string[];
  readonly #emails: string[];
  readonly #active: Uint8Array;

  constructor(rows: { user_id: number; sort_name: string; email: string; delivery_email: string | null; is_active: number }[]) {
    this.#ids = new Int32Array(rows.length);
    this.#names = new Array<string>(rows.length);
    this.#emails = new Array<string>(rows.length);
    this.#active = new Uint8Array(rows.length);
    rows.forEach((row, i) => {
      this.#ids[i] = row.user_id;
      this.#names[i] = ` ${row.sort_name}`;
      this.#emails[i] = row.delivery_email && row.delivery_email !== row.email ? `${row.email.toLowerCase()} ${row.delivery_email.toLowerCase()}` : row.email.toLowerCase();
      this.#active[i] = row.is_active;
    });
  }

  /**
   * Below three characters a query matches the start of a word of the name or the start of an
   * email (one letter would match nearly everyone anywhere); from three, anywhere.
   */
  search(text: string, includeInactive: boolean, offset: number, limit: number): { ids: number[]; total: number } {
    const folded = foldName(text);
    const short = [...folded].length < 3;
    const wordStart = ` ${folded}`;
    const ids: number[] = [];
    let total = 0;
    for (let i = 0; i < this.#ids.length; i++) {
      if (!includeInactive && this.#active[i] === 0) continue;
      const name = this.#names[i]!;
      const email = this.#emails[i]!;
      const hit = short ? name.includes(wordStart) || email.startsWith(folded) || email.includes(` ${folded}`) : name.includes(folded) || email.includes(folded);
      if (!hit) continue;
      if (total >= offset && ids.length < limit) ids.push(this.#ids[i]!);
      total += 1;
    }
    return { ids, total };
  }
}

const indexes = new WeakMap<MirrorDatabase, { version: string; index: UserSearchIndex }>();

/** The index for the users as they are now: rebuilt after this connection or another one wrote them. */
export function userSearchIndex(db: MirrorDatabase): UserSearchIndex {
  // data_version moves when another connection (the sync worker) commits; the generation when this one writes.
  const version = `${String(db.pragma('data_version', { simple: true }))}:${tableGeneration(db, 'users')}`;
  const cached = indexes.get(db);
  if (cached?.version === version) return cached.index;
  const rows = prepared(db, 'SELECT user_id, sort_name, email, delivery_email, is_active FROM users ORDER BY sort_name, user_id').all() as ConstructorParameters<typeof UserSearchIndex>[0];
  const index = new UserSearchIndex(rows);
  indexes.set(db, { version, index });
  return index;
}
