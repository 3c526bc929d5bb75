// Presence: each user's last active and last connected times as the server reported them (at
// registration, in the answer to each of the app's own reports, and in `presence` events), with the
// server's clock at that report. Who is active, idle or offline is read from them against the
// server's time now, as the family's clients do: active if last active within the organization's
// offline threshold, idle if last connected within it, offline otherwise.
import { z } from 'zod';
import type { ModernPresence, PresenceStatus } from '../../shared/api/presence';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { realmValue } from './realm';
import { reader, writer } from './statements';

/** The family's default, until registration announces the organization's own. */
const DEFAULT_OFFLINE_THRESHOLD_SECONDS = 140;

export interface PresenceReport {
  /** Keyed by user ID, as slim_presence gives them. */
  presences: Readonly<Record<string, ModernPresence>>;
  server_timestamp: number;
  last_update_id?: number | undefined;
}

const reportRow = z.object({ server_timestamp: z.number(), received_at: z.number(), last_update_id: z.number().nullable() });
const timesRow = z.object({ active_timestamp: z.number(), idle_timestamp: z.number() });
const statusRow = z.object({ user_id: z.number(), active: z.number() });

function noteReport(db: MirrorDatabase, server_timestamp: number, received_at: number, last_update_id: number | undefined): void {
  writer(
    db,
    `INSERT INTO presence_report (singleton, server_timestamp, received_at, last_update_id) VALUES (1, ?, ?, ?)
     ON CONFLICT (singleton) DO UPDATE SET server_timestamp = excluded.server_timestamp, received_at = excluded.received_at,
       last_update_id = coalesce(excluded.last_update_id, presence_report.last_update_id)`,
  ).run(server_timestamp, received_at, last_update_id ?? null);
}

function setTimes(db: MirrorDatabase, user_id: number, times: ModernPresence): boolean {
  return (
    writer(
      db,
      `INSERT INTO presence (user_id, active_timestamp, idle_timestamp) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET active_timestamp = excluded.active_timestamp, idle_timestamp = excluded.idle_timestamp
       WHERE active_timestamp IS NOT excluded.active_timestamp OR idle_timestamp IS NOT excluded.idle_timestamp`,
    ).run(user_id, times.active_timestamp, times.idle_timestamp).changes > 0
  );
}

/** Registration's report: the whole organization's presence, replacing what was kept. */
export function replacePresences(db: MirrorDatabase, report: PresenceReport, received_at: number): void {
  writer(db, 'DELETE FROM presence').run();
  for (const [user_id, times] of Object.entries(report.presences)) setTimes(db, Number(user_id), times);
  noteReport(db, report.server_timestamp, received_at, report.last_update_id);
}

/** The answer to one of the app's reports: everyone's presence, or what changed since the last. */
export function mergePresences(db: MirrorDatabase, report: PresenceReport, received_at: number, changes: ChangeSink): void {
  for (const [user_id, times] of Object.entries(report.presences)) {
    if (setTimes(db, Number(user_id), times)) changes.add('presence', Number(user_id));
  }
  noteReport(db, report.server_timestamp, received_at, report.last_update_id);
}

/** The update id of the last report, to ask for what changed since (feature level 263). */
export function lastPresenceUpdateId(db: ReadOnlyMirror): number | undefined {
  return reader(db, 'SELECT server_timestamp, received_at, last_update_id FROM presence_report', reportRow).get()?.last_update_id ?? undefined;
}

export const presenceEvents: EventHandlers<'presence'> = {
  presence: (db, event, changes) => {
    const known = reader(db, 'SELECT active_timestamp, idle_timestamp FROM presence WHERE user_id = ?', timesRow).get(event.user_id);
    const times = { active_timestamp: known?.active_timestamp ?? 0, idle_timestamp: known?.idle_timestamp ?? 0 };
    // As the family's web client reads the legacy form: any client's report counts as connected,
    // an active one as active too.
    for (const entry of Object.values(event.presence)) {
      if (entry.status === 'active') times.active_timestamp = Math.max(times.active_timestamp, entry.timestamp);
      times.idle_timestamp = Math.max(times.idle_timestamp, entry.timestamp);
    }
    if (setTimes(db, event.user_id, times)) changes.add('presence', event.user_id);
  },
};

/** The people active or idle now (everyone else is offline), by the server's clock. */
export function presentUsers(db: ReadOnlyMirror, now: number = Date.now()): Map<number, Exclude<PresenceStatus, 'offline'>> {
  const report = reader(db, 'SELECT server_timestamp, received_at, last_update_id FROM presence_report', reportRow).get();
  if (report === undefined) return new Map();
  const threshold = realmValue(db, 'server_presence_offline_threshold_seconds');
  const serverNow = report.server_timestamp + (now - report.received_at) / 1000;
  const since = serverNow - (typeof threshold === 'number' ? threshold : DEFAULT_OFFLINE_THRESHOLD_SECONDS);
  const rows = reader(db, 'SELECT user_id, active_timestamp > ? AS active FROM presence WHERE active_timestamp > ? OR idle_timestamp > ?', statusRow).all(since, since, since);
  return new Map(rows.map((row) => [row.user_id, row.active === 1 ? 'active' : 'idle']));
}
