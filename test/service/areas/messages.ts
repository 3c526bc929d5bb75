// Sending and fetching messages, and checking which messages match a narrow.
import type { Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import { badRequest, missingArgument } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { accessClause, highlight, narrowQuery, parseNarrow } from '../messaging/narrow';
import { destinationFor, sendMessage } from '../messaging/send';
import { FLAG, messageRecord, viewerFlags } from '../records/message';
import { escapeHtml } from '../render';
import { shownTopic } from '../topics';

const NEWEST_ANCHOR = 10_000_000_000_000_000;
const MAX_MESSAGES = 5000;

/** `to` may be JSON (an ID, a list) or a bare channel name / comma-separated emails. */
function parseTo(params: Params): unknown {
  const raw = params.requiredString('to');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw.includes('@') ? raw.split(',').map((item) => item.trim()) : raw;
  }
}

function selectMessages(sim: Sim, viewer: UserRow, narrow: unknown, extraWhere: string, extraParams: unknown[], order: string): { rows: MessageRow[]; searchWords: string[] } {
  const access = accessClause(viewer);
  const query = narrowQuery(sim, viewer, parseNarrow(narrow));
  const rows = sim.db
    .prepare(
      `SELECT m.* FROM messages m
       LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ?
       WHERE ${access.where} AND ${query.where} AND ${extraWhere} ${order}`,
    )
    .all(viewer.user_id, ...access.params, ...query.params, ...extraParams) as MessageRow[];
  return { rows, searchWords: query.searchWords };
}

function resolveAnchor(sim: Sim, viewer: UserRow, anchor: string, narrow: unknown): number {
  if (anchor === 'newest') return NEWEST_ANCHOR;
  if (anchor === 'oldest') return 0;
  if (anchor === 'first_unread') {
    const { rows } = selectMessages(sim, viewer, narrow, `um.user_id IS NOT NULL AND (um.flags & ${FLAG.read}) = 0`, [], 'ORDER BY m.id LIMIT 1');
    return rows[0]?.id ?? NEWEST_ANCHOR;
  }
  if (/^\d+$/.test(anchor)) return Number(anchor);
  throw badRequest('Invalid anchor');
}

export const messageRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages',
    params: ['type', 'to', 'content', 'topic', 'read_by_sender'],
    handle({ sim, user, params }) {
      const destination = destinationFor(sim, user, params.requiredString('type'), parseTo(params), params.string('topic'));
      const content = params.requiredString('content');
      const message = sendMessage(sim, user, destination, content, { client: 'API', readBySender: params.bool('read_by_sender') ?? true });
      return { id: message.id };
    },
  },
  {
    method: 'GET',
    path: '/messages',
    params: ['anchor', 'include_anchor', 'num_before', 'num_after', 'narrow', 'apply_markdown', 'client_gravatar', 'allow_empty_topic_name'],
    handle({ sim, user, params }) {
      const numBefore = params.int('num_before');
      const numAfter = params.int('num_after');
      if (numBefore === undefined) throw missingArgument('num_before');
      if (numAfter === undefined) throw missingArgument('num_after');
      if (numBefore < 0 || numAfter < 0) throw badRequest('Invalid num_before or num_after');
      if (numBefore + numAfter > MAX_MESSAGES) throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES}).`);
      const narrow = params.json('narrow');
      const anchor = resolveAnchor(sim, user, params.string('anchor') ?? 'newest', narrow);
      const includeAnchor = params.bool('include_anchor') ?? true;
      // One row more than asked tells whether the oldest / newest end was reached.
      const before = selectMessages(sim, user, narrow, 'm.id < ?', [anchor], `ORDER BY m.id DESC LIMIT ${numBefore + 1}`);
      const at = includeAnchor ? selectMessages(sim, user, narrow, 'm.id = ?', [anchor], '').rows : [];
      const after = selectMessages(sim, user, narrow, 'm.id > ?', [anchor], `ORDER BY m.id ASC LIMIT ${numAfter + 1}`);
      const foundOldest = before.rows.length <= numBefore;
      const foundNewest = after.rows.length <= numAfter;
      const view = { realm: sim.realm(), applyMarkdown: params.bool('apply_markdown') ?? true, allowEmptyTopic: params.bool('allow_empty_topic_name') ?? false };
      const words = before.searchWords;
      const messages = [...before.rows.slice(0, numBefore).reverse(), ...at, ...after.rows.slice(0, numAfter)].map((message) => {
        const record: Record<string, unknown> = { ...messageRecord(sim.db, message, view), flags: viewerFlags(sim.db, user.user_id, message.id) };
        if (words.length > 0) {
          record['match_content'] = highlight(message.rendered_content, words);
          record['match_subject'] = highlight(escapeHtml(String(record['subject'])), words);
        }
        return record;
      });
      return {
        anchor,
        found_anchor: at.length > 0,
        found_oldest: foundOldest,
        found_newest: foundNewest,
        history_limited: false,
        messages,
      };
    },
  },
  {
    method: 'GET',
    path: '/messages/matches_narrow',
    params: ['msg_ids', 'narrow'],
    handle({ sim, user, params }) {
      const ids = params.requiredIntList('msg_ids');
      const narrow = params.requiredJson('narrow');
      if (ids.length === 0) return { messages: {} };
      const { rows, searchWords } = selectMessages(sim, user, narrow, `m.id IN (${ids.map(() => '?').join(',')})`, ids, 'ORDER BY m.id');
      const emptyTopic = sim.realm().empty_topic_display_name;
      const messages = Object.fromEntries(
        rows.map((message) => [
          String(message.id),
          {
            match_content: highlight(message.rendered_content, searchWords),
            match_subject: highlight(escapeHtml(message.type === 'stream' ? shownTopic(message.topic, emptyTopic, false) : ''), searchWords),
          },
        ]),
      );
      return { messages };
    },
  },
];
