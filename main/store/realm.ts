import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { z } from 'zod';
import { jsonColumn, reader, writer } from './statements';
import { emptyTopicName } from '../../shared/conversation-title';
import { mutedUserSchema, type MutedUser } from '../../shared/api/muted-users';
import type { MirrorChanges } from '../../shared/mirror-changes';

const realmRow = z.object({ key: z.string(), json: z.string() });

/** Writes to the realm table through each connection, counted so a reading kept from it knows it is stale. */
const localWrites = new WeakMap<ReadOnlyMirror, number>();

/**
 * Moves whenever the realm values may have changed: a write through this connection, or a commit
 * by another one (the snapshot worker's; SQLite's data_version). A value parsed from them may be
 * kept until it moves: some are large (realm_user_groups lists every member of every group).
 */
export function realmVersion(db: ReadOnlyMirror): string {
  return `${localWrites.get(db) ?? 0}:${String(db.pragma('data_version', { simple: true }))}`;
}

/** Server and realm settings: one row per announced value (realm_*, max_*, typing periods, feature level). */
export function setRealmValues(db: MirrorDatabase, values: Readonly<Record<string, unknown>>): void {
  localWrites.set(db, (localWrites.get(db) ?? 0) + 1);
  const statement = writer(db, 'INSERT INTO realm (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json');
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) statement.run(key, JSON.stringify(value));
  }
}

export function replaceRealmValues(db: MirrorDatabase, values: Readonly<Record<string, unknown>>): void {
  localWrites.set(db, (localWrites.get(db) ?? 0) + 1);
  writer(db, 'DELETE FROM realm').run();
  setRealmValues(db, values);
}

export function realmValues(db: ReadOnlyMirror): Record<string, unknown> {
  const rows = reader(db, 'SELECT key, json FROM realm', realmRow).all();
  return Object.fromEntries(rows.map((row) => [row.key, jsonColumn(row.json, z.unknown())]));
}

/** What the organization calls the empty topic, as its last registration announced it. */
export function emptyTopicOf(db: ReadOnlyMirror): string {
  return emptyTopicName({ realm_empty_topic_display_name: realmValue(db, 'realm_empty_topic_display_name') });
}

/** The user's enable_stream_desktop_notifications: every message of a channel notifies unless the channel says otherwise. */
export function streamDesktopDefault(db: ReadOnlyMirror): boolean {
  const settings = z.looseObject({ enable_stream_desktop_notifications: z.boolean().optional() }).safeParse(realmValue(db, 'user_settings'));
  return settings.success ? (settings.data.enable_stream_desktop_notifications ?? false) : false;
}

/** The family's `enable_drafts_synchronization` in user settings as given (the mirror's, or a registration's); undefined where not said. */
export function draftsSynchronizationIn(user_settings: unknown): boolean | undefined {
  return z.looseObject({ enable_drafts_synchronization: z.boolean().optional() }).safeParse(user_settings).data?.enable_drafts_synchronization;
}

/** Whether the user keeps their drafts on the server: false where the server does not say (a server without drafts). */
export function draftsSynchronized(db: ReadOnlyMirror): boolean {
  return draftsSynchronizationIn(realmValue(db, 'user_settings')) === true;
}

/** The signed-in user, as registration named them (-1 before one did): direct conversations include them. */
export function ownUserIdOf(db: ReadOnlyMirror): number {
  const id = realmValue(db, 'user_id');
  return typeof id === 'number' ? id : -1;
}

/** The user's twenty_four_hour_time (how the family's clients show a time); null when the server has not said. */
export function twentyFourHourTime(db: ReadOnlyMirror): boolean | null {
  const settings = z.looseObject({ twenty_four_hour_time: z.boolean().optional() }).safeParse(realmValue(db, 'user_settings'));
  return settings.success ? (settings.data.twenty_four_hour_time ?? null) : null;
}

/** The user's alert words, as the last registration or alert_words event said (none when neither has). */
export function alertWordsOf(db: ReadOnlyMirror): string[] {
  return z.array(z.string()).safeParse(realmValue(db, 'alert_words')).data ?? [];
}

/** The user's alert words changed here (the server's answer, or what it will make of a change waiting offline). */
export function setAlertWords(db: MirrorDatabase, alert_words: readonly string[], changes: ChangeSink): void {
  setRealmValues(db, { alert_words });
  changes.add('realm', 'alert_words');
}

/** The users this one muted, as the last registration or muted_users event listed them (none when neither has). */
function mutedUsersOf(db: ReadOnlyMirror): MutedUser[] {
  return z.array(mutedUserSchema).safeParse(realmValue(db, 'muted_users')).data ?? [];
}

export function mutedUserIdsOf(db: ReadOnlyMirror): number[] {
  return mutedUsersOf(db).map((muted) => muted.id);
}

/** The server took a mute or an unmute: the mirror has it at once, before its muted_users event says the same. */
export function setMuted(db: MirrorDatabase, user_id: number, muted: boolean, now: number, changes: ChangeSink): void {
  const others = mutedUsersOf(db).filter((entry) => entry.id !== user_id);
  setMutedUsers(db, muted ? [...others, { id: user_id, timestamp: Math.floor(now / 1000) }] : others, changes);
}

function setMutedUsers(db: MirrorDatabase, muted_users: readonly MutedUser[], changes: ChangeSink): void {
  setRealmValues(db, { muted_users });
  changes.add('realm', 'muted_users');
}

/** The user's own settings changed here, in the mirror before the server's user_settings event confirms them. */
export function setUserSettings(db: MirrorDatabase, values: Record<string, unknown>, changes: ChangeSink): void {
  mergeUserSettings(db, values);
  changes.add('realm', 'user_settings');
}

/**
 * The organization's name, when `changes` may have renamed it (a realm event, or a registration:
 * it may have been renamed while the app was away); undefined otherwise, or where none is kept.
 */
export function organizationNameAfter(db: ReadOnlyMirror, changes: MirrorChanges): string | undefined {
  if (!changes.all && !(changes.changed.realm ?? []).includes('realm_name')) return undefined;
  const name = realmValue(db, 'realm_name');
  return typeof name === 'string' && name !== '' ? name : undefined;
}

export function realmValue(db: ReadOnlyMirror, key: string): unknown {
  const row = reader(db, 'SELECT key, json FROM realm WHERE key = ?', realmRow).get(key);
  return row === undefined ? undefined : jsonColumn(row.json, z.unknown());
}

const limitMib = z.number().int().min(0);

/**
 * The server's max_file_upload_size_mib: as a realm event last changed it (kept, as the events'
 * values are, as realm_max_file_upload_size_mib), else as registration announced it, else as the
 * server settings say; undefined when none of them tells.
 */
export function uploadLimitMib(db: MirrorDatabase): number | undefined {
  const settings = z.looseObject({ max_file_upload_size_mib: limitMib }).safeParse(realmValue(db, 'server_settings'));
  return (
    limitMib.safeParse(realmValue(db, 'realm_max_file_upload_size_mib')).data ??
    limitMib.safeParse(realmValue(db, 'max_file_upload_size_mib')).data ??
    settings.data?.max_file_upload_size_mib
  );
}

export const realmEvents: EventHandlers<
  'realm' | 'alert_words' | 'muted_users' | 'update_display_settings' | 'update_global_notifications' | 'user_settings' | 'restart'
> = {
  realm: (db, event, changes) => {
    // Registration names organization settings realm_<name>; the mirror keeps its names.
    const values = event.op === 'update' ? { [event.property]: event.value } : event.data;
    const renamed = Object.fromEntries(Object.entries(values).map(([key, value]) => [`realm_${key}`, value]));
    setRealmValues(db, renamed);
    changes.add('realm', ...Object.keys(renamed));
  },
  alert_words: (db, event, changes) => setAlertWords(db, event.alert_words, changes),
  muted_users: (db, event, changes) => setMutedUsers(db, event.muted_users, changes),
  update_display_settings: (db, event, changes) => {
    mergeUserSettings(db, { [event.setting_name]: event.setting });
    changes.add('realm', 'user_settings');
  },
  update_global_notifications: (db, event, changes) => {
    mergeUserSettings(db, { [event.notification_name]: event.setting });
    changes.add('realm', 'user_settings');
  },
  user_settings: (db, event, changes) => {
    mergeUserSettings(db, { [event.property]: event.value });
    changes.add('realm', 'user_settings');
  },
  restart: (db, event, changes) => {
    const { service_version, service_merge_base, service_feature_level } = event;
    setRealmValues(db, { service_version, service_merge_base, service_feature_level });
    changes.add('realm', 'service_feature_level');
  },
};

function mergeUserSettings(db: MirrorDatabase, values: Record<string, unknown>): void {
  const current = z.record(z.string(), z.unknown()).optional().parse(realmValues(db).user_settings);
  setRealmValues(db, { user_settings: { ...current, ...values } });
}
