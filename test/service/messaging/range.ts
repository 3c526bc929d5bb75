// A range of messages around an anchor within a narrow, as GET /messages and the flag update over a
// narrow both read it: the viewer's access rule, the narrow, then the anchor's side.
import type { Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import { FLAG } from '../records/message';
import { accessClause, narrowQuery, parseNarrow } from './narrow';

const NEWEST_ANCHOR = 10_000_000_000_000_000;
export const MAX_MESSAGES = 5000;

export function selectMessages(sim: Sim, viewer: UserRow, narrow: unknown, extraWhere: string, extraParams: unknown[], order: string): { rows: MessageRow[]; searchWords: string[] } {
  const terms = parseNarrow(narrow);
  const access = accessClause(viewer, terms);
  const query = narrowQuery(sim, viewer, terms);
  const rows = sim.db
    .prepare(
      `SELECT m.* FROM messages m
       LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ?
       WHERE ${access.where} AND ${query.where} AND ${extraWhere} ${order}`,
    )
    .all(viewer.user_id, ...access.params, ...query.params, ...extraParams) as MessageRow[];
  return { rows, searchWords: query.searchWords };
}

export function resolveAnchor(sim: Sim, viewer: UserRow, anchor: string, narrow: unknown): number {
  if (anchor === 'newest') return NEWEST_ANCHOR;
  if (anchor === 'oldest') return 0;
  if (anchor === 'first_unread') {
    const { rows } = selectMessages(sim, viewer, narrow, `um.user_id IS NOT NULL AND (um.flags & ${FLAG.read}) = 0`, [], 'ORDER BY m.id LIMIT 1');
    return rows[0]?.id ?? NEWEST_ANCHOR;
  }
  if (/^\d+$/.test(anchor)) return Number(anchor);
  throw badRequest('Invalid anchor');
}

export interface RangeRequest {
  anchor: number;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

export interface MessageRange {
  messages: MessageRow[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  searchWords: string[];
}

/** The messages around the anchor, oldest first; one row more than asked tells whether an end was reached. */
export function selectRange(sim: Sim, viewer: UserRow, narrow: unknown, range: RangeRequest): MessageRange {
  const { anchor, numBefore, numAfter } = range;
  const before = selectMessages(sim, viewer, narrow, 'm.id < ?', [anchor], `ORDER BY m.id DESC LIMIT ${numBefore + 1}`);
  const at = range.includeAnchor ? selectMessages(sim, viewer, narrow, 'm.id = ?', [anchor], '').rows : [];
  const after = selectMessages(sim, viewer, narrow, 'm.id > ?', [anchor], `ORDER BY m.id ASC LIMIT ${numAfter + 1}`);
  return {
    messages: [...before.rows.slice(0, numBefore).reverse(), ...at, ...after.rows.slice(0, numAfter)],
    foundAnchor: at.length > 0,
    foundOldest: before.rows.length <= numBefore,
    foundNewest: after.rows.length <= numAfter,
    searchWords: before.searchWords,
  };
}
