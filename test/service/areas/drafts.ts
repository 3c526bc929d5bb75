// Drafts kept on the server (the family's /drafts, not in the spec), as real servers keep them
// (zerver/lib/drafts.py, zerver/views/drafts.py): each user's own, listed oldest edit first, told
// to the user alone in drafts events, refused altogether while the user's
// enable_drafts_synchronization is off. Their parameters are checked as the server's typed
// endpoint checks them, and answered in its words.
import { canAccessChannelContent, getStream, getUser } from '../access';
import type { Sim } from '../context';
import type { DraftRow, UserRow } from '../db/rows';
import { badRequest, resourceNotFound } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { MAX_MESSAGE_LENGTH } from '../messaging/send';
import { apiEmail } from '../records/user';
import { SPACE as PYTHON_SPACE } from '../submessages/widget';
import { MAX_TOPIC_LENGTH } from '../topics';

type DraftType = DraftRow['type'];

/** A draft as a client sends it, once its shape is checked. */
interface DraftData {
  type: DraftType;
  to: number[];
  topic: string;
  content: string;
  timestamp: number | undefined;
}

/** What a draft is stored as. */
type Draft = Omit<DraftRow, 'draft_id' | 'user_id'>;

const DRAFT_TYPES: readonly string[] = ['', 'stream', 'private'];
const FIELDS: readonly string[] = ['type', 'to', 'topic', 'content', 'timestamp'];
// Real servers send at most this many, newest first, with a registration.
const MAX_DRAFTS_IN_REGISTRATION = 1000;

// The content's edges go as pydantic strips them (Unicode White_Space, which is not quite Python's
// idea of whitespace), then its end as Python's rstrip() does.
const UNICODE_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGE_SPACE = new RegExp(`^[${UNICODE_SPACE}]+|[${UNICODE_SPACE}]+$`, 'g');
const TRAILING_SPACE = new RegExp(`[${PYTHON_SPACE}]+$`);

/** The draft as real servers show it (Draft.to_dict): the time of its last edit in whole seconds. */
export function draftRecord(row: DraftRow): Record<string, unknown> {
  return { id: row.draft_id, type: row.type, to: JSON.parse(row.to_ids) as number[], topic: row.topic, content: row.content, timestamp: Math.floor(row.last_edit_time) };
}

/** The registration's drafts: the newest first, as many as real servers send. */
export function registrationDrafts(sim: Sim, user_id: number): Record<string, unknown>[] {
  const rows = sim.db
    .prepare('SELECT * FROM drafts WHERE user_id = ? ORDER BY last_edit_time DESC, draft_id DESC LIMIT ?')
    .all(user_id, MAX_DRAFTS_IN_REGISTRATION) as DraftRow[];
  return rows.map(draftRecord);
}

/** Turning synchronization off forgets the user's drafts without events: their clients keep them. */
export function forgetDrafts(sim: Sim, user_id: number): void {
  sim.db.prepare('DELETE FROM drafts WHERE user_id = ?').run(user_id);
}

function requireSynchronization(user: UserRow): void {
  if (user.enable_drafts_synchronization !== 1) throw badRequest('User has disabled synchronizing drafts.');
}

/** A location in a parameter, as the server names it: each step JSON-encoded, non-ASCII escaped. */
const at = (name: string, ...steps: (string | number)[]): string =>
  name + steps.map((step) => `[${JSON.stringify(step).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}]`).join('');

/** One draft's shape, checked as pydantic checks it: unexpected keys first, then each field in order. */
function draftData(name: string, value: unknown): DraftData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`Invalid ${name}: Input should be a valid dictionary or instance of DraftData`);
  const fields = value as Record<string, unknown>;
  const extra = Object.keys(fields).find((key) => !FIELDS.includes(key));
  if (extra !== undefined) throw badRequest(`Argument "${extra}" at ${at(name, extra)} is unexpected`);
  const required = (field: string): unknown => {
    if (!Object.hasOwn(fields, field)) throw badRequest(`${at(name, field)} field is missing: Field required`);
    return fields[field];
  };
  const type = required('type');
  if (typeof type !== 'string' || !DRAFT_TYPES.includes(type)) throw badRequest(`Invalid ${at(name, 'type')}`);
  const to = required('to');
  if (!Array.isArray(to)) throw badRequest(`${at(name, 'to')} is not a list`);
  const wrong = (to as unknown[]).findIndex((id) => typeof id !== 'number' || !Number.isInteger(id));
  if (wrong >= 0) throw badRequest(`${at(name, 'to', wrong)} is not an integer`);
  const topic = required('topic');
  if (typeof topic !== 'string') throw badRequest(`${at(name, 'topic')} is not a string`);
  const content = required('content');
  if (typeof content !== 'string') throw badRequest(`${at(name, 'content')} is not a string`);
  const stripped = content.replace(EDGE_SPACE, '');
  if (stripped === '') throw badRequest(`${at(name, 'content')} cannot be blank`);
  const timestamp = fields['timestamp'] ?? undefined;
  // int | float | None: a refused value is reported against the union's first member.
  if (timestamp !== undefined && typeof timestamp !== 'number') throw badRequest(`${at(name, 'timestamp', 'int')} is not an integer`);
  return { type: type as DraftType, to: to as number[], topic, content: stripped, timestamp };
}

/** Python's len() and slicing count code points. */
function truncate(text: string, max: number, marker: string): string {
  const points = [...text];
  return points.length > max ? points.slice(0, max - marker.length).join('') + marker : text;
}

function normalizeBody(content: string): string {
  const body = content.replace(TRAILING_SPACE, '').replace(/^\n+/, '');
  if (body === '') throw badRequest('Message must not be empty');
  if (body.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncate(body, MAX_MESSAGE_LENGTH, '\n[message truncated]');
}

/**
 * The recipients a direct-message draft shows: the other person (or oneself alone), else the group
 * without oneself, by ID. Unknown and deactivated users are refused in the server's words.
 */
function directRecipients(sim: Sim, user: UserRow, to: number[]): number[] {
  const ids = [...new Set(to)].sort((a, b) => a - b);
  const users = ids.map((id) => {
    const found = getUser(sim.db, id);
    if (found === undefined) throw badRequest(`Invalid user ID ${id}`);
    return found;
  });
  const inactive = users.find((found) => found.is_active !== 1);
  if (inactive !== undefined) throw badRequest(`'${apiEmail(inactive, sim.realm().host)}' is no longer using Zulip.`);
  const others = ids.filter((id) => id !== user.user_id);
  return others.length === 0 ? [user.user_id] : others;
}

/** The checks and changes of the server's further_validated_draft_dict, in its order. */
function draftFrom(sim: Sim, user: UserRow, data: DraftData): Draft {
  const content = normalizeBody(data.content);
  const timestamp = Math.round((data.timestamp ?? Date.now() / 1000) * 1e6) / 1e6;
  if (timestamp < 0) throw badRequest('Timestamp must not be negative.');
  const draft = { content, last_edit_time: timestamp };
  if (data.type === 'stream') {
    const topic = truncate(data.topic, MAX_TOPIC_LENGTH, '...');
    if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
    const [streamId] = data.to;
    if (data.to.length !== 1 || streamId === undefined) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const stream = getStream(sim.db, streamId);
    if (stream === undefined || stream.is_archived === 1 || !canAccessChannelContent(sim.db, user, stream)) throw badRequest('Invalid channel ID');
    return { ...draft, type: 'stream', to_ids: JSON.stringify([stream.stream_id]), topic };
  }
  if (data.type === 'private' && data.to.length > 0) {
    return { ...draft, type: 'private', to_ids: JSON.stringify(directRecipients(sim, user, data.to)), topic: '' };
  }
  // No recipient (an unaddressed draft, or a direct one to nobody yet) shows as unaddressed.
  return { ...draft, type: '', to_ids: '[]', topic: '' };
}

function parsedDrafts(params: Params): DraftData[] {
  const value = params.requiredJson('drafts');
  if (!Array.isArray(value)) throw badRequest('drafts is not a list');
  return (value as unknown[]).map((item, index) => draftData(at('drafts', index), item));
}

function ownDraft(sim: Sim, user: UserRow, id: number): DraftRow {
  const row = sim.db.prepare('SELECT * FROM drafts WHERE draft_id = ? AND user_id = ?').get(id, user.user_id) as DraftRow | undefined;
  if (row === undefined) throw resourceNotFound('Draft does not exist');
  return row;
}

export const draftRoutes: Route[] = [
  {
    method: 'GET',
    path: '/drafts',
    params: [],
    handle({ sim, user }) {
      requireSynchronization(user);
      const rows = sim.db.prepare('SELECT * FROM drafts WHERE user_id = ? ORDER BY last_edit_time, draft_id').all(user.user_id) as DraftRow[];
      return { count: rows.length, drafts: rows.map(draftRecord) };
    },
  },
  {
    method: 'POST',
    path: '/drafts',
    params: ['drafts'],
    handle({ sim, user, params }) {
      requireSynchronization(user);
      // All are checked before any is stored: one refused draft stores none.
      const drafts = parsedDrafts(params).map((data) => draftFrom(sim, user, data));
      const insert = sim.db.prepare(
        'INSERT INTO drafts (user_id, type, to_ids, topic, content, last_edit_time) VALUES (@user_id, @type, @to_ids, @topic, @content, @last_edit_time)',
      );
      const rows = sim.db.transaction(() =>
        drafts.map((draft): DraftRow => {
          const row = { ...draft, user_id: user.user_id };
          return { ...row, draft_id: Number(insert.run(row).lastInsertRowid) };
        }),
      )();
      sim.queues.publish([user.user_id], { type: 'drafts', op: 'add', drafts: rows.map(draftRecord) });
      return { ids: rows.map((row) => row.draft_id) };
    },
  },
  {
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    params: ['draft'],
    handle({ sim, user, params, path }) {
      requireSynchronization(user);
      const data = draftData('draft', params.requiredJson('draft'));
      const row = ownDraft(sim, user, path.int('draft_id'));
      const next: DraftRow = { ...row, ...draftFrom(sim, user, data) };
      sim.db
        .prepare('UPDATE drafts SET type = @type, to_ids = @to_ids, topic = @topic, content = @content, last_edit_time = @last_edit_time WHERE draft_id = @draft_id')
        .run(next);
      sim.queues.publish([user.user_id], { type: 'drafts', op: 'update', draft: draftRecord(next) });
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    params: [],
    handle({ sim, user, path }) {
      requireSynchronization(user);
      const row = ownDraft(sim, user, path.int('draft_id'));
      sim.db.prepare('DELETE FROM drafts WHERE draft_id = ?').run(row.draft_id);
      sim.queues.publish([user.user_id], { type: 'drafts', op: 'remove', draft_id: row.draft_id });
      return {};
    },
  },
];
