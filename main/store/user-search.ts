import { z } from 'zod';
import { filterRole, type DirectoryFilter } from '../../shared/directory-filter';
import type { ReadOnlyMirror } from './database';
import { tableGeneration } from './keyed-table';
import { reader } from './statements';

/** Case and accents folded away, so "edi" finds "Édith" and "Édith" sorts among the E's. */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Marks a run of digits in a sort key; followed by one character that orders the run by its length. */
const DIGITS = '\x02';
const DIGITS_MARK = new RegExp(`${DIGITS}.`, 'g');

/**
 * The folded name in natural order: each run of digits is preceded by its length, so "User 2"
 * sorts before "User 10" (as people count) rather than after it (as characters compare).
 */
export function sortKey(name: string): string {
  return foldName(name).replace(/\d+/g, (digits) => `${DIGITS}${String.fromCharCode(0x40 + Math.min(digits.length, 60))}${digits}`);
}

/** The folded name a sort key was made from, for matching what people type. */
const foldedOf = (key: string): string => key.replace(DIGITS_MARK, '');

/**
 * The users' names and emails in display order, held in memory: scanning 100,000 short strings
 * takes a few milliseconds, where SQL substring matching (or a trigram index, which also slows
 * every write) takes far longer on common fragments.
 */
const indexRow = z.object({
  user_id: z.number(),
  sort_name: z.string(),
  email: z.string(),
  delivery_email: z.string().nullable(),
  is_active: z.number(),
  is_bot: z.number(),
  role: z.number(),
});
type IndexRow = z.infer<typeof indexRow>;

class UserSearchIndex {
  readonly #ids: Int32Array;
  /** "\x01<folded name>\x01<email>[\x01<delivery email>]": \x01 never occurs in a query, so no match spans two fields. */
  readonly #texts: string[];
  readonly #active: Uint8Array;
  readonly #bot: Uint8Array;
  readonly #role: Uint16Array;

  constructor(rows: IndexRow[]) {
    this.#ids = new Int32Array(rows.length);
    this.#texts = new Array<string>(rows.length);
    this.#active = new Uint8Array(rows.length);
    this.#bot = new Uint8Array(rows.length);
    this.#role = new Uint16Array(rows.length);
    rows.forEach((row, i) => {
      const delivery = row.delivery_email && row.delivery_email !== row.email ? `${FIELD}${row.delivery_email.toLowerCase()}` : '';
      this.#ids[i] = row.user_id;
      this.#texts[i] = `${FIELD}${foldedOf(row.sort_name)}${FIELD}${row.email.toLowerCase()}${delivery}`;
      this.#active[i] = row.is_active;
      this.#bot[i] = row.is_bot;
      this.#role[i] = row.role;
    });
  }

  /**
   * Below three characters a query matches the start of a word of the name or the start of an
   * email (one letter would match nearly everyone anywhere); from three, anywhere.
   */
  search(text: string, filter: DirectoryFilter, offset: number, limit: number): { ids: number[]; total: number; deactivated: number } {
    const folded = foldName(text);
    const short = [...folded].length < 3;
    const atWord = ` ${folded}`;
    const atField = `${FIELD}${folded}`;
    const role = filterRole(filter);
    const ids: number[] = [];
    let total = 0;
    let deactivated = 0;
    for (let i = 0; i < this.#ids.length; i++) {
      const active = this.#active[i] === 1;
      if (filter === 'active' ? !active : filter === 'deactivated' ? active : filter === 'bots' ? this.#bot[i] === 0 : role !== undefined && (this.#bot[i] === 1 || this.#role[i] !== role)) continue;
      const haystack = this.#texts[i]!;
      if (short ? !haystack.includes(atField) && !haystack.includes(atWord) : !haystack.includes(folded)) continue;
      if (total >= offset && ids.length < limit) ids.push(this.#ids[i]!);
      total += 1;
      if (!active) deactivated += 1;
    }
    return { ids, total, deactivated };
  }
}

const FIELD = '\x01';

const indexes = new WeakMap<ReadOnlyMirror, { version: string; index: UserSearchIndex }>();

/** The index for the users as they are now: rebuilt after this connection or another one wrote them. */
export function userSearchIndex(db: ReadOnlyMirror): UserSearchIndex {
  // data_version moves when another connection (the sync worker) commits; the generation when this one writes.
  const version = `${String(db.pragma('data_version', { simple: true }))}:${tableGeneration(db, 'users')}`;
  const cached = indexes.get(db);
  if (cached?.version === version) return cached.index;
  const rows = reader(db, 'SELECT user_id, sort_name, email, delivery_email, is_active, is_bot, role FROM users ORDER BY sort_name, user_id', indexRow).all();
  const index = new UserSearchIndex(rows);
  indexes.set(db, { version, index });
  return index;
}
