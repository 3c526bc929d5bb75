// Offline message search: the mirror answers the narrow the server is asked (the search box's
// operators, words and phrases), from an FTS5 index over the cached messages' topics and text
// kept current by the message writes in their own transaction (search-index.ts), and from the
// columns and flags of the messages. Results come newest first, or around a message (`near:`).
// It reads the unread state's and the topic preferences' tables as they are: a search is a
// question about all of them.
import { z } from 'zod';
import type { NarrowTerm } from '../../shared/api/records';
import { MENTION_FLAGS } from '../../shared/api/unread';
import { channelKeyPrefix, DIRECT_KEY_PREFIX, directConversation } from '../../shared/conversation';
import { searchOperandParts } from '../../shared/search-query';
import type { ReadOnlyMirror } from './database';
import { storedMessage, type StoredMessage } from './messages';
import { htmlText } from './search-index';
import { MARK, searchableText } from './search-text';
import { reader } from './statements';

const matchRow = z.object({ flags: z.string(), json: z.string() });

/** html_text() in SQL: migration 5 fills the index with it. */
export function registerSearchFunctions(db: ReadOnlyMirror): void {
  db.function('html_text', { deterministic: true }, (html: unknown) => (typeof html === 'string' ? htmlText(html) : ''));
}

/** Something a query can find: a letter, a digit or an emoji. */
const FINDABLE = /[\p{L}\p{N}\p{Co}]/u;

/** A word or phrase as an FTS5 phrase, its last word taken as a prefix (it may still be being typed). */
function ftsPhrase(text: string): string | null {
  const tokens = searchableText(text.replaceAll(MARK, ''), true)
    .replace(/[\s"\p{Cc}]+/gu, ' ')
    .trim();
  return FINDABLE.test(tokens) ? `"${tokens}"*` : null;
}

/**
 * What the user typed as an FTS5 query: every word must match as the start of a word (so
 * "deploy" finds "deploys", and a word still being typed finds something), every phrase as
 * written. Quotes keep operators and punctuation from meaning anything; any text makes a valid
 * query; a control character (a NUL, which FTS5 would read as the query's end) separates words.
 */
export function searchQuery(text: string): string | null {
  const { words, phrases } = searchOperandParts(text);
  const parts = [...words, ...phrases].map(ftsPhrase).filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' AND ');
}

/** The newest cached messages matching every word of `text`, in their topic or text. */
export function searchCachedMessages(db: ReadOnlyMirror, text: string, limit = 50): StoredMessage[] {
  if (searchQuery(text) === null) return [];
  const answer = narrowMessages(db, [{ operator: 'search', operand: text }], { self_id: 0, limit });
  return answer.ok ? answer.messages : [];
}

export type NarrowAnswer = { ok: true; messages: StoredMessage[] } | { ok: false; term: NarrowTerm };

export interface NarrowOptions {
  /** The account's user: a direct conversation's key holds it. */
  self_id: number;
  limit: number;
  /** `near:`: the messages around this one, half before and half after. */
  anchor?: number;
}

interface Condition {
  sql: string;
  params: unknown[];
}

const NOTHING: Condition = { sql: '0', params: [] };
/** The topic of a channel conversation's key (`channel:<id>:<topic>`). */
const TOPIC_OF_KEY = "substr(m.conversation, instr(substr(m.conversation, 9), ':') + 9)";
const IN_CHANNELS = "m.conversation >= 'channel:' AND m.conversation < 'channel;'";
const hasFlag = (flags: readonly string[]): Condition => ({ sql: flags.map(() => 'instr(m.flags, ?) > 0').join(' OR '), params: flags.map((flag) => `"${flag}"`) });

/** A narrow term as a condition on `messages m`; undefined when the mirror cannot tell. */
function condition(term: NarrowTerm, self_id: number): Condition | undefined {
  const { operand } = term;
  switch (term.operator) {
    case 'channel': {
      if (typeof operand !== 'number') return NOTHING;
      const prefix = channelKeyPrefix(operand);
      return { sql: 'm.conversation >= ? AND m.conversation < ?', params: [prefix, `${prefix.slice(0, -1)};`] };
    }
    case 'topic':
      return typeof operand === 'string' ? { sql: `${IN_CHANNELS} AND ${TOPIC_OF_KEY} = ? COLLATE NOCASE`, params: [operand] } : NOTHING;
    case 'sender':
      return typeof operand === 'number' ? { sql: 'm.sender_id = ?', params: [operand] } : NOTHING;
    case 'dm':
      return Array.isArray(operand) ? { sql: 'm.conversation = ?', params: [directConversation([...operand, self_id])] } : NOTHING;
    case 'is':
      return isCondition(operand);
    case 'has':
      return hasCondition(operand);
    default:
      return undefined;
  }
}

function isCondition(operand: NarrowTerm['operand']): Condition | undefined {
  switch (operand) {
    case 'unread':
      return { sql: 'EXISTS (SELECT 1 FROM unread_messages u WHERE u.message_id = m.message_id)', params: [] };
    case 'starred':
      return hasFlag(['starred']);
    case 'mentioned':
      return hasFlag([...MENTION_FLAGS]);
    case 'alerted':
      return hasFlag(['has_alert_word']);
    case 'dm':
      return { sql: 'm.conversation >= ? AND m.conversation < ?', params: [DIRECT_KEY_PREFIX, `${DIRECT_KEY_PREFIX.slice(0, -1)};`] };
    case 'resolved':
      return { sql: `${IN_CHANNELS} AND ${TOPIC_OF_KEY} LIKE '✔ %'`, params: [] };
    case 'followed':
      return {
        sql: `${IN_CHANNELS} AND EXISTS (SELECT 1 FROM user_topics t WHERE t.visibility_policy = 3
          AND m.conversation >= ('channel:' || t.stream_id || ':') AND m.conversation < ('channel:' || t.stream_id || ';')
          AND t.topic_name = ${TOPIC_OF_KEY} COLLATE NOCASE)`,
        params: [],
      };
    default:
      return undefined;
  }
}

function hasCondition(operand: NarrowTerm['operand']): Condition | undefined {
  switch (operand) {
    case 'link':
      return { sql: 'm.has_link = 1', params: [] };
    case 'image':
      return { sql: 'm.has_image = 1', params: [] };
    case 'attachment':
      return { sql: 'm.has_attachment = 1', params: [] };
    case 'reaction':
      return { sql: "json_array_length(m.json, '$.reactions') > 0", params: [] };
    default:
      return undefined;
  }
}

/**
 * The cached messages a narrow selects, as the server would answer it from what it holds: every
 * term must hold (a negated one must not), a `search` term's words and phrases by the index. A
 * term the mirror cannot judge (an `is:` or `has:` it does not know) is returned instead.
 */
export function narrowMessages(db: ReadOnlyMirror, narrow: readonly NarrowTerm[], options: NarrowOptions): NarrowAnswer {
  const conditions: Condition[] = [];
  const fts: string[] = [];
  for (const term of narrow) {
    if (term.operator === 'near') continue;
    if (term.operator === 'search') {
      const query = typeof term.operand === 'string' ? searchQuery(term.operand) : null;
      if (term.negated === true) return { ok: false, term };
      if (query !== null) fts.push(query);
      continue;
    }
    const found = condition(term, options.self_id);
    if (found === undefined) return { ok: false, term };
    conditions.push(term.negated === true ? { sql: `NOT (${found.sql})`, params: found.params } : { sql: `(${found.sql})`, params: found.params });
  }
  // With words, the index's own rowid order: ordering by the joined table's would sort every match.
  const [from, id] = fts.length > 0 ? ['message_search s JOIN messages m ON m.message_id = s.rowid', 's.rowid'] : ['messages m', 'm.message_id'];
  const where = [...(fts.length > 0 ? [{ sql: 'message_search MATCH ?', params: [fts.join(' AND ')] }] : []), ...conditions];
  const select = (around: Condition | undefined, order: 'ASC' | 'DESC', limit: number): StoredMessage[] => {
    const all = around ? [...where, around] : where;
    const filter = all.length > 0 ? `WHERE ${all.map((c) => c.sql).join(' AND ')}` : '';
    return reader(db, `SELECT m.flags, m.json FROM ${from} ${filter} ORDER BY ${id} ${order} LIMIT ?`, matchRow)
      .all(...all.flatMap((c) => c.params), limit)
      .map(storedMessage);
  };
  if (options.anchor === undefined) return { ok: true, messages: select(undefined, 'DESC', options.limit) };
  const before = select({ sql: `${id} <= ?`, params: [options.anchor] }, 'DESC', Math.ceil(options.limit / 2));
  const after = select({ sql: `${id} > ?`, params: [options.anchor] }, 'ASC', Math.floor(options.limit / 2));
  return { ok: true, messages: [...after.reverse(), ...before] };
}
