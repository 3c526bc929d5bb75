// Presence as real servers keep it: each user's last active and last connected times, reported by
// their clients (POST /users/me/presence every minute or so, `active` while the window is used,
// `idle` otherwise), answered with everyone's presence; registration's `presences`; GET
// /realm/presence and GET /users/{user}/presence in the legacy format. A `presence` event goes out
// only when a user appears (first report) or comes back active after a while, and only in
// organizations of at most 100 users, as real servers do.
import { getUser, userByApiEmail } from '../access';
import type { Sim } from '../context';
import type { UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { apiEmail } from '../records/user';

/** Real servers' settings: OFFLINE_THRESHOLD_SECS, PRESENCE_PING_INTERVAL_SECS, PRESENCE_UPDATE_MIN_FREQ_SECONDS. */
export const OFFLINE_THRESHOLD_SECONDS = 200;
export const PING_INTERVAL_SECONDS = 60;
const UPDATE_MIN_FREQ_SECONDS = 55;
/** PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS: how recent activity must be to read "active" in the legacy format. */
const LEGACY_ACTIVE_OFFSET_SECONDS = 70;
/** USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS. */
const EVENT_USER_LIMIT = 100;
const HISTORY_DAYS = 14;

type PresenceRow = UserRow & { last_active_time: number | null; last_connected_time: number; last_update_id: number };

const SELECT = 'SELECT u.*, p.last_active_time, p.last_connected_time, p.last_update_id FROM user_presence p JOIN users u USING (user_id)';

const nowSeconds = (): number => Date.now() / 1000;

function modern(row: PresenceRow): Record<string, number> {
  return { active_timestamp: Math.floor(row.last_active_time ?? row.date_joined), idle_timestamp: Math.floor(row.last_connected_time) };
}

function legacyEntry(row: PresenceRow): { client: string; status: 'active' | 'idle'; timestamp: number; pushable: boolean } {
  const active = row.last_active_time ?? row.date_joined;
  return active + LEGACY_ACTIVE_OFFSET_SECONDS >= row.last_connected_time
    ? { client: 'website', status: 'active', timestamp: Math.floor(active), pushable: false }
    : { client: 'website', status: 'idle', timestamp: Math.floor(row.last_connected_time), pushable: false };
}

function legacy(row: PresenceRow): Record<string, unknown> {
  const { pushable: _pushable, ...aggregated } = legacyEntry(row);
  return { aggregated, website: legacyEntry(row) };
}

/** Everyone's presence, as registration and the presence answers give it: by user ID (slim) or by API email. */
export function presences(sim: Sim, options: { slim: boolean; lastUpdateId?: number | undefined; historyDays?: number | undefined }): { presences: Record<string, unknown>; presence_last_update_id: number } {
  const since = nowSeconds() - (options.historyDays ?? HISTORY_DAYS) * 86_400;
  const incremental = options.lastUpdateId !== undefined && options.lastUpdateId > 0;
  const rows = sim.db
    .prepare(`${SELECT} WHERE u.is_active = 1 AND u.is_bot = 0 AND p.last_update_id > ? AND (? OR p.last_connected_time >= ?) ORDER BY p.user_id`)
    .all(options.lastUpdateId ?? -1, incremental ? 1 : 0, since) as PresenceRow[];
  const host = sim.realm().host;
  const last = rows.reduce((highest, row) => Math.max(highest, row.last_update_id), -1);
  return {
    presences: Object.fromEntries(rows.map((row) => (options.slim ? [String(row.user_id), modern(row)] : [apiEmail(row, host), legacy(row)]))),
    presence_last_update_id: rows.length > 0 ? last : (options.lastUpdateId ?? -1),
  };
}

/** A client's report, as do_update_user_presence takes it; sends the `presence` event when the user comes online. */
export function reportPresence(sim: Sim, user: UserRow, status: 'active' | 'idle', at = nowSeconds()): void {
  const current = sim.db.prepare(`${SELECT} WHERE p.user_id = ?`).get(user.user_id) as PresenceRow | undefined;
  const sinceActive = current?.last_active_time == null ? 86_400 : at - current.last_active_time;
  const sinceConnected = current === undefined ? 86_400 : at - current.last_connected_time;
  const becameOnline = status === 'active' && sinceActive > OFFLINE_THRESHOLD_SECONDS - PING_INTERVAL_SECONDS - 10;
  const next = (sim.db.prepare('SELECT COALESCE(MAX(last_update_id), 0) + 1 FROM user_presence').pluck().get() as number);
  if (current === undefined) {
    sim.db
      .prepare('INSERT INTO user_presence (user_id, last_active_time, last_connected_time, last_update_id) VALUES (?, ?, ?, ?)')
      .run(user.user_id, status === 'active' ? at : null, at, next);
  } else {
    const connected = sinceConnected > UPDATE_MIN_FREQ_SECONDS;
    const active = status === 'active' && sinceActive > UPDATE_MIN_FREQ_SECONDS;
    if (!connected && !active) return;
    sim.db
      .prepare('UPDATE user_presence SET last_connected_time = ?, last_active_time = ?, last_update_id = ? WHERE user_id = ?')
      .run(connected || active ? Math.max(at, current.last_connected_time) : current.last_connected_time, active ? at : current.last_active_time, next, user.user_id);
  }
  if (current !== undefined && !becameOnline) return;
  const row = sim.db.prepare(`${SELECT} WHERE p.user_id = ?`).get(user.user_id) as PresenceRow;
  const audience = sim.db.prepare('SELECT user_id FROM users WHERE is_active = 1').pluck().all() as number[];
  if (audience.length > EVENT_USER_LIMIT) return;
  const entry = legacyEntry(row);
  const email = apiEmail(row, sim.realm().host);
  const server_timestamp = nowSeconds();
  sim.queues.publish(audience, (queue) => ({
    type: 'presence',
    user_id: user.user_id,
    ...(queue.options.slimPresence ? {} : { email }),
    server_timestamp,
    presence: { [entry.client]: entry },
  }));
}

const STATUSES = new Set(['active', 'idle']);

export const presenceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/users/me/presence',
    params: ['status', 'ping_only', 'new_user_input', 'slim_presence', 'last_update_id', 'history_limit_days'],
    handle({ sim, user, params }) {
      if (user.is_bot === 1) throw badRequest('This endpoint does not accept bot requests.');
      const status = params.string('status') ?? '';
      if (!STATUSES.has(status)) throw badRequest(`Invalid status: ${status}`);
      reportPresence(sim, user, status === 'active' ? 'active' : 'idle');
      if (params.bool('ping_only') === true) return {};
      const lastUpdateId = params.int('last_update_id');
      const slim = lastUpdateId !== undefined || params.bool('slim_presence') === true;
      return { ...presences(sim, { slim, lastUpdateId, historyDays: params.int('history_limit_days') }), server_timestamp: nowSeconds() };
    },
  },
  {
    method: 'GET',
    path: '/realm/presence',
    params: [],
    handle({ sim }) {
      return { presences: presences(sim, { slim: false }).presences, server_timestamp: nowSeconds() };
    },
  },
  {
    method: 'GET',
    path: '/users/{user_id_or_email}/presence',
    params: [],
    handle({ sim, path }) {
      const key = path.string('user_id_or_email');
      const target = /^\d+$/.test(key) ? getUser(sim.db, Number(key)) : userByApiEmail(sim.db, sim.realm().host, key);
      if (target === undefined || target.is_active !== 1) throw badRequest('No such user');
      if (target.bot_type !== null) throw badRequest('Presence is not supported for bot users.');
      const row = sim.db.prepare(`${SELECT} WHERE p.user_id = ?`).get(target.user_id) as PresenceRow | undefined;
      if (row === undefined) throw badRequest(`No presence data for ${key}`);
      return { presence: legacy(row) };
    },
  },
];
