// Narrows ([{operator, operand, negated?}], or legacy [operator, operand] pairs) as SQL over
// `messages m` left-joined with the viewer's `user_messages um`, plus the viewer's access rule.
import { getStream, getStreamByName, getUser, isGuest, userByApiEmail } from '../access';
import type { Sim } from '../context';
import type { UserRow } from '../db/rows';
import { badNarrow, badRequest } from '../http/errors';
import { FLAG } from '../records/message';
import { escapeHtml } from '../render';
import { NO_TOPIC } from '../topics';

interface Term {
  operator: string;
  operand: unknown;
  negated: boolean;
}

export interface NarrowQuery {
  where: string;
  params: unknown[];
  searchWords: string[];
}

const invalid = (what: string): never => {
  throw badNarrow(what);
};

export function parseNarrow(value: unknown): Term[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest('narrow is not a list');
  return (value as unknown[]).map((item) => {
    if (Array.isArray(item) && item.length === 2 && typeof item[0] === 'string') return { operator: item[0], operand: item[1] as unknown, negated: false };
    if (typeof item === 'object' && item !== null && 'operator' in item && 'operand' in item) {
      const term = item as { operator: unknown; operand: unknown; negated?: unknown };
      if (typeof term.operator !== 'string') throw badRequest('Invalid narrow');
      return { operator: term.operator, operand: term.operand, negated: term.negated === true };
    }
    throw badRequest('Invalid narrow');
  });
}

/**
 * Messages the viewer may read: received ones, and the history of channels open to them when the
 * narrow names a channel (or `channels:public`) and nothing only received messages have (`is:`
 * other than resolved), as real servers decide (their `ok_to_include_history`): without one, a
 * message the viewer sent to a channel they are not in is not among theirs.
 */
export function accessClause(viewer: UserRow, terms: readonly Term[]): { where: string; params: unknown[] } {
  const namesChannel = terms.some((term) => !term.negated && (CHANNEL_OPERATORS.has(term.operator) || (CHANNELS_OPERATORS.has(term.operator) && term.operand === 'public')));
  const personal = terms.some((term) => term.operator === 'is' && term.operand !== 'resolved');
  if (!namesChannel || personal) return { where: 'um.user_id IS NOT NULL', params: [] };
  return {
    where: `(um.user_id IS NOT NULL OR (m.type = 'stream' AND m.stream_id IN (
      SELECT st.stream_id FROM streams st WHERE (st.invite_only = 0 AND ?)
        OR (st.history_public_to_subscribers = 1 AND EXISTS (
          SELECT 1 FROM subscriptions s WHERE s.stream_id = st.stream_id AND s.user_id = ? AND s.active = 1)))))`,
    params: [isGuest(viewer) ? 0 : 1, viewer.user_id],
  };
}

const CHANNEL_OPERATORS = new Set(['channel', 'stream']);
const CHANNELS_OPERATORS = new Set(['channels', 'streams']);

export function narrowQuery(sim: Sim, viewer: UserRow, terms: Term[]): NarrowQuery {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const searchWords: string[] = [];
  for (const term of terms) {
    const [clause, values] = termClause(sim, viewer, term, searchWords);
    clauses.push(term.negated ? `NOT (${clause})` : `(${clause})`);
    params.push(...values);
  }
  return { where: clauses.length === 0 ? '1' : clauses.join(' AND '), params, searchWords };
}

function termClause(sim: Sim, viewer: UserRow, term: Term, searchWords: string[]): [string, unknown[]] {
  const { operand } = term;
  switch (term.operator) {
    case 'channel':
    case 'stream': {
      const stream = typeof operand === 'number' || (typeof operand === 'string' && /^\d+$/.test(operand))
        ? getStream(sim.db, Number(operand))
        : typeof operand === 'string' ? getStreamByName(sim.db, operand) : undefined;
      return stream === undefined ? invalid(`unknown channel ${String(operand)}`) : ["m.type = 'stream' AND m.stream_id = ?", [stream.stream_id]];
    }
    case 'channels':
    case 'streams':
      return operand === 'public' ? ["m.stream_id IN (SELECT stream_id FROM streams WHERE invite_only = 0)", []] : invalid('unknown channels operand');
    case 'topic': {
      if (typeof operand !== 'string') return invalid('topic operand must be a string');
      const trimmed = operand.trim();
      const topic = trimmed === NO_TOPIC || trimmed === sim.realm().empty_topic_display_name ? '' : trimmed;
      return ["m.type = 'stream' AND m.topic = ? COLLATE NOCASE", [topic]];
    }
    case 'dm':
    case 'pm-with': {
      const ids = [...new Set([...userIds(sim, operand), viewer.user_id])].sort((a, b) => a - b);
      return ["m.type = 'private' AND m.dm_key = ?", [ids.join(',')]];
    }
    case 'dm-including':
    case 'group-pm-with': {
      const [id] = userIds(sim, operand);
      return ["m.type = 'private' AND (',' || m.dm_key || ',') LIKE ?", [`%,${id ?? 0},%`]];
    }
    case 'sender': {
      const [id] = userIds(sim, operand);
      return ['m.sender_id = ?', [id ?? 0]];
    }
    case 'id':
      return ['m.id = ?', [Number(operand)]];
    case 'near':
      return ['1', []];
    case 'is':
      return isClause(viewer, operand);
    case 'in':
      return inClause(viewer, operand);
    case 'has':
      // As real servers set has_link, has_image and has_attachment when rendering: any link, an
      // image preview (not a video's), a link to an uploaded file.
      if (operand === 'link') return ["m.rendered_content LIKE '%<a %'", []];
      if (operand === 'image') return ['m.rendered_content LIKE \'%class="message_inline_image"%\'', []];
      if (operand === 'attachment') return ["m.rendered_content LIKE '%/user_uploads/%'", []];
      if (operand === 'reaction') return ['EXISTS (SELECT 1 FROM reactions r WHERE r.message_id = m.id)', []];
      return invalid(`unknown 'has' operand ${String(operand)}`);
    case 'search': {
      if (typeof operand !== 'string') return invalid('search operand must be a string');
      // Real servers match every word, and a "quoted phrase" as written in the text or the topic.
      const parts = operand.match(/"[^"]+"|\S+/g) ?? [];
      const words = parts.map((part) => (part.length > 1 && part.startsWith('"') && part.endsWith('"') ? part.slice(1, -1) : part.replace(/"/g, ''))).filter(Boolean);
      searchWords.push(...words);
      if (words.length === 0) return ['1', []];
      return [words.map(() => '(m.content LIKE ? OR m.topic LIKE ?)').join(' AND '), words.flatMap((word) => [`%${word}%`, `%${word}%`])];
    }
    default:
      return invalid(`unknown operator ${term.operator}`);
  }
}

/**
 * As real servers read `in`: `home` is what the user received outside muted channels and topics (a
 * topic's own policy first: muted hides it, unmuted or followed shows it in a muted channel);
 * `all` is everything.
 */
function inClause(viewer: UserRow, operand: unknown): [string, unknown[]] {
  if (operand === 'all') return ['1', []];
  if (operand !== 'home') return invalid(`unknown 'in' operand ${String(operand)}`);
  return [
    `um.user_id IS NOT NULL AND (m.type = 'private' OR NOT CASE
      (SELECT ut.visibility_policy FROM user_topics ut WHERE ut.user_id = ? AND ut.stream_id = m.stream_id AND ut.topic_name = m.topic)
      WHEN 1 THEN 1 WHEN 2 THEN 0 WHEN 3 THEN 0
      ELSE COALESCE((SELECT s.is_muted FROM subscriptions s WHERE s.user_id = ? AND s.stream_id = m.stream_id AND s.active = 1), 0) END)`,
    [viewer.user_id, viewer.user_id],
  ];
}

function isClause(viewer: UserRow, operand: unknown): [string, unknown[]] {
  switch (operand) {
    case 'dm':
    case 'private':
      return ["m.type = 'private'", []];
    case 'starred':
      return [`(um.flags & ${FLAG.starred}) != 0`, []];
    case 'unread':
      return [`um.user_id IS NOT NULL AND (um.flags & ${FLAG.read}) = 0`, []];
    case 'mentioned':
      return [`(um.flags & ${FLAG.mentioned | FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned}) != 0`, []];
    case 'alerted':
      return [`(um.flags & ${FLAG.has_alert_word}) != 0`, []];
    case 'resolved':
      return ["m.topic LIKE '✔ %'", []];
    case 'followed':
      return [
        "EXISTS (SELECT 1 FROM user_topics ut WHERE ut.user_id = ? AND ut.stream_id = m.stream_id AND ut.topic_name = m.topic AND ut.visibility_policy = 3)",
        [viewer.user_id],
      ];
    default:
      return invalid(`unknown 'is' operand ${String(operand)}`);
  }
}

function userIds(sim: Sim, operand: unknown): number[] {
  const items: unknown[] = Array.isArray(operand)
    ? (operand as unknown[])
    : typeof operand === 'string' ? operand.split(',').map((item) => item.trim()).filter(Boolean) : [operand];
  return items.map((item) => {
    const user = typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item))
      ? getUser(sim.db, Number(item))
      : typeof item === 'string' ? userByApiEmail(sim.db, sim.realm().host, item) : undefined;
    return user === undefined ? invalid(`unknown user ${String(item)}`) : user.user_id;
  });
}

/** Search terms highlighted in HTML text, never inside tags. */
export function highlight(html: string, words: string[]): string {
  if (words.length === 0) return html;
  const pattern = new RegExp(`(${words.map((word) => escapeHtml(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return html
    .split(/(<[^>]+>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(pattern, '<span class="highlight">$1</span>')))
    .join('');
}
