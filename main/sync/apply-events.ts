import {
  checkEvent,
  type KnownEvent,
  type PersonCustomProfileField,
  type PersonNewEmail,
  type PersonRole,
  type PersonUpdate,
  type ServiceEvent,
} from '../../shared/api/events';
import type { Channel, ChannelFolder, ScheduledMessage, SubscriptionEntry, User, UserStatus } from '../../shared/api/records';
import type { MirrorChanges } from '../../shared/mirror-changes';
import { channelFoldersTable, channelsTable, subscriptionsTable } from '../store/channels';
import type { MirrorDatabase } from '../store/database';
import { advanceEventQueue, loadEventQueue } from '../store/event-queue';
import { deleteRecords, getRecord, replaceRecords, upsertRecords, type KeyedTable } from '../store/keyed-table';
import { addReaction, deleteMessages, removeReaction, setFlag, updateMessage, upsertMessages } from '../store/messages';
import { customProfileFieldsTable, linkifiersTable, savedSnippetsTable, scheduledMessagesTable, setTopicPreference } from '../store/personal';
import { realmValues, setRealmValues } from '../store/realm';
import { applyUnreadEvent } from '../store/unread-events';
import { userStatusTable, usersTable } from '../store/users';
import { ChangeCollector } from './changes';
import { toLinkifier, toSavedSnippet } from './normalize';

export interface ApplyContext {
  /** Events that do not change the mirror but matter live (typing). */
  onTransient?: (event: KnownEvent) => void;
  /** An event type or op the app does not know: logged and skipped, never fatal. */
  onUnknown?: (event: ServiceEvent) => void;
  /** A known event not in the form the app applies: skipped; the caller reconciles what it touched. */
  onInvalid?: (event: unknown, problem: string) => void;
}

/**
 * Applies one batch of events in order, in one transaction together with the acknowledged
 * last_event_id: after a crash the batch is either wholly applied and acknowledged, or not
 * at all. Events at or below the acknowledged id were applied already (a server replaying
 * them) and are dropped. Throws if a well-formed event still cannot be applied; the caller
 * then reconciles from a fresh registration rather than skipping it.
 */
export function applyEvents(db: MirrorDatabase, events: readonly unknown[], context: ApplyContext = {}): MirrorChanges {
  const changes = new ChangeCollector();
  const transient: KnownEvent[] = [];
  db.transaction(() => {
    let acknowledged = loadEventQueue(db)?.last_event_id ?? -Infinity;
    for (const raw of events) {
      const checked = checkEvent(raw);
      if (checked.kind === 'invalid') {
        context.onInvalid?.(raw, checked.problem);
        acknowledged = Math.max(acknowledged, eventId(raw));
        continue;
      }
      if (checked.event.id <= acknowledged) continue;
      acknowledged = checked.event.id;
      if (checked.kind === 'unknown') context.onUnknown?.(checked.event);
      else if (checked.event.type === 'typing') transient.push(checked.event);
      else {
        applyEvent(db, checked.event, changes);
        if (applyUnreadEvent(db, checked.event)) changes.add('unread', 'counts');
      }
    }
    if (acknowledged > -Infinity) advanceEventQueue(db, acknowledged);
  })();
  for (const event of transient) context.onTransient?.(event);
  return changes.notice();
}

/** The highest event id of a batch, at least `floor`; ids that are not numbers count for nothing. */
export function highestEventId(events: readonly unknown[], floor: number): number {
  return events.reduce<number>((highest, event) => Math.max(highest, eventId(event)), floor);
}

function eventId(event: unknown): number {
  const id = (event as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : -Infinity;
}

function applyEvent(db: MirrorDatabase, event: KnownEvent, changes: ChangeCollector): void {
  switch (event.type) {
    case 'realm_user':
      if (event.op === 'add') upsertRecords(db, usersTable, [{ ...event.person, is_active: event.person.is_active ?? true }]);
      else if (event.op === 'remove') patchRecord(db, usersTable, event.person.user_id, (u) => ({ ...u, is_active: false }));
      else patchRecord(db, usersTable, event.person.user_id, (u) => applyPersonUpdate(u, event.person));
      changes.add('users', event.person.user_id);
      return;
    case 'subscription':
      switch (event.op) {
        case 'add':
          upsertRecords(db, subscriptionsTable, event.subscriptions);
          for (const entry of event.subscriptions) mergeIntoChannel(db, entry);
          changes.add('subscriptions', ...event.subscriptions.map((s) => s.stream_id));
          changes.add('channels', ...event.subscriptions.map((s) => s.stream_id));
          return;
        case 'remove':
          deleteRecords(db, subscriptionsTable, event.subscriptions.map((s) => s.stream_id));
          changes.add('subscriptions', ...event.subscriptions.map((s) => s.stream_id));
          return;
        case 'update':
          patchRecord(db, subscriptionsTable, event.stream_id, (s) => ({ ...s, [event.property]: event.value }));
          changes.add('subscriptions', event.stream_id);
          return;
        default:
          // peer_add / peer_remove: subscriber lists are not mirrored.
          return;
      }
    case 'stream':
      if (event.op === 'create') {
        upsertRecords(db, channelsTable, event.streams);
        changes.add('channels', ...event.streams.map((c) => c.stream_id));
      } else if (event.op === 'delete') {
        const ids = event.stream_ids ?? (event.streams ?? []).map((s) => s.stream_id);
        deleteRecords(db, channelsTable, ids);
        deleteRecords(db, subscriptionsTable, ids);
        changes.add('channels', ...ids);
      } else {
        const { property, value, rendered_description, history_public_to_subscribers, is_web_public } = event;
        patchRecord(db, channelsTable, event.stream_id, (c) => ({
          ...c,
          [property]: value,
          ...(rendered_description !== undefined && { rendered_description }),
          ...(history_public_to_subscribers !== undefined && { history_public_to_subscribers }),
          ...(is_web_public !== undefined && { is_web_public }),
        }));
        changes.add('channels', event.stream_id);
      }
      return;
    case 'channel_folder':
      if (event.op === 'add') {
        const folder = event.channel_folder;
        const channel_folder_id = Number(folder.channel_folder_id ?? folder.id);
        upsertRecords(db, channelFoldersTable, [{ ...folder, channel_folder_id }]);
        changes.add('channel_folders', channel_folder_id);
      } else {
        const channel_folder_id = Number(event.channel_folder_id);
        patchRecord(db, channelFoldersTable, channel_folder_id, (f): ChannelFolder => ({ ...f, ...event.data }));
        changes.add('channel_folders', channel_folder_id);
      }
      return;
    case 'saved_snippets':
      if (event.op === 'remove') {
        deleteRecords(db, savedSnippetsTable, [event.saved_snippet_id]);
        changes.add('saved_snippets', event.saved_snippet_id);
      } else {
        const snippet = toSavedSnippet(event.saved_snippet);
        upsertRecords(db, savedSnippetsTable, [snippet]);
        changes.add('saved_snippets', snippet.saved_snippet_id);
      }
      return;
    case 'custom_profile_fields':
      replaceRecords(db, customProfileFieldsTable, event.fields);
      changes.add('custom_profile_fields', ...event.fields.map((f) => f.id));
      return;
    case 'realm_linkifiers': {
      const linkifiers = event.realm_linkifiers.map(toLinkifier);
      replaceRecords(db, linkifiersTable, linkifiers);
      changes.add('linkifiers', ...linkifiers.map((l) => l.filter_id));
      return;
    }
    case 'scheduled_messages':
      if (event.op === 'remove') {
        deleteRecords(db, scheduledMessagesTable, [event.scheduled_message_id]);
        changes.add('scheduled_messages', event.scheduled_message_id);
      } else {
        const messages: ScheduledMessage[] = event.op === 'add' ? event.scheduled_messages : [event.scheduled_message];
        upsertRecords(db, scheduledMessagesTable, messages);
        changes.add('scheduled_messages', ...messages.map((m) => m.scheduled_message_id));
      }
      return;
    case 'user_topic':
      setTopicPreference(db, event);
      changes.add('user_topics', `${event.stream_id}:${event.topic_name}`);
      return;
    case 'reaction': {
      const { emoji_name, emoji_code, reaction_type, user_id } = event;
      const reaction = { emoji_name, emoji_code, reaction_type, user_id };
      const cached = event.op === 'add' ? addReaction(db, event.message_id, reaction) : removeReaction(db, event.message_id, reaction);
      if (cached) changes.add('messages', event.message_id);
      return;
    }
    case 'update_message_flags': {
      const ids = event.all ? allCachedMessageIds(db) : event.messages;
      changes.add('messages', ...setFlag(db, ids, event.flag, event.op === 'add'));
      return;
    }
    case 'message':
      upsertMessages(db, [{ message: event.message, flags: event.flags ?? [] }]);
      changes.add('messages', event.message.id);
      return;
    case 'update_message': {
      const { content, rendered_content, is_me_message, subject, new_stream_id, topic_links, edit_timestamp, rendering_only } = event;
      const moved = (subject !== undefined || new_stream_id !== undefined) && !rendering_only;
      for (const id of new Set([event.message_id, ...event.message_ids])) {
        const edited = id === event.message_id && content !== undefined;
        const changed = updateMessage(db, id, ({ message, flags }) => ({
          message: {
            ...message,
            ...(edited && { content, ...(rendered_content !== undefined && { rendered_content }), ...(is_me_message !== undefined && { is_me_message }) }),
            ...(edited && !rendering_only && { last_edit_timestamp: edit_timestamp }),
            ...(moved && subject !== undefined && { subject }),
            ...(moved && new_stream_id !== undefined && { stream_id: new_stream_id }),
            ...(moved && { last_moved_timestamp: edit_timestamp }),
            ...(topic_links !== undefined && { topic_links }),
          },
          flags,
        }));
        if (changed) changes.add('messages', id);
      }
      return;
    }
    case 'delete_message': {
      const ids = event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]);
      deleteMessages(db, ids);
      changes.add('messages', ...ids);
      return;
    }
    case 'submessage': {
      const { msg_type, content, message_id, sender_id, submessage_id } = event;
      const cached = updateMessage(db, message_id, ({ message, flags }) => ({
        message: { ...message, submessages: [...message.submessages, { msg_type, content, message_id, sender_id, id: submessage_id }] },
        flags,
      }));
      if (cached) changes.add('messages', message_id);
      return;
    }
    case 'realm': {
      // Registration names organization settings realm_<name>; the mirror keeps its names.
      const values = event.op === 'update' ? { [event.property]: event.value } : event.data;
      const renamed = Object.fromEntries(Object.entries(values).map(([key, value]) => [`realm_${key}`, value]));
      setRealmValues(db, renamed);
      changes.add('realm', ...Object.keys(renamed));
      return;
    }
    case 'user_status':
      applyUserStatus(db, event.user_id, event);
      changes.add('user_status', event.user_id);
      return;
    case 'alert_words':
      setRealmValues(db, { alert_words: event.alert_words });
      changes.add('realm', 'alert_words');
      return;
    case 'update_display_settings':
      mergeUserSettings(db, { [event.setting_name]: event.setting });
      changes.add('realm', 'user_settings');
      return;
    case 'update_global_notifications':
      mergeUserSettings(db, { [event.notification_name]: event.setting });
      changes.add('realm', 'user_settings');
      return;
    case 'user_settings':
      mergeUserSettings(db, { [event.property]: event.value });
      changes.add('realm', 'user_settings');
      return;
    case 'restart': {
      const { service_version, service_merge_base, service_feature_level } = event;
      setRealmValues(db, { service_version, service_merge_base, service_feature_level });
      changes.add('realm', 'service_feature_level');
      return;
    }
    case 'typing':
    case 'heartbeat':
      return;
  }
}

function applyPersonUpdate(user: User, person: PersonUpdate): User {
  // Each form has user_id plus one group of fields; records are open, so narrow by hand.
  if ('custom_profile_field' in person) {
    const { id, value, rendered_value } = (person as PersonCustomProfileField).custom_profile_field;
    const profile_data = { ...user.profile_data };
    if (value === null) delete profile_data[String(id)];
    else profile_data[String(id)] = rendered_value === undefined ? { value } : { value, rendered_value };
    return { ...user, profile_data };
  }
  if ('new_email' in person) return { ...user, email: (person as PersonNewEmail).new_email };
  if ('role' in person) {
    const { role } = person as PersonRole;
    return { ...user, role, is_owner: role === 100, is_admin: role <= 200, is_guest: role === 600 };
  }
  // The timezone form repeats the API email only to identify the user (deprecated); keep ours.
  const { user_id: _id, email: _email, ...fields } = person as PersonUpdate & { email?: string };
  return { ...user, ...fields };
}

/** A subscription entry carries the channel's fields too; keep the channel record current. */
function mergeIntoChannel(db: MirrorDatabase, entry: SubscriptionEntry): void {
  const channel = getRecord(db, channelsTable, entry.stream_id);
  upsertRecords(db, channelsTable, [{ ...channel, ...entry } as Channel]);
}

/** Events about records not in the mirror (another user's channel, say) change nothing. */
function patchRecord<R>(db: MirrorDatabase, table: KeyedTable<R>, key: number, change: (record: R) => R): void {
  const record = getRecord(db, table, key);
  if (record !== undefined) upsertRecords(db, table, [change(record)]);
}

function applyUserStatus(db: MirrorDatabase, user_id: number, event: UserStatus): void {
  const status: UserStatus & { user_id: number } = { ...getRecord(db, userStatusTable, user_id), user_id };
  for (const field of ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const) {
    if (event[field] !== undefined) status[field] = event[field] as never;
  }
  // An empty text and no emoji is the status cleared.
  if (!status.status_text && !status.emoji_name) deleteRecords(db, userStatusTable, [user_id]);
  else upsertRecords(db, userStatusTable, [status]);
}

function mergeUserSettings(db: MirrorDatabase, values: Record<string, unknown>): void {
  const current = realmValues(db).user_settings as Record<string, unknown> | undefined;
  setRealmValues(db, { user_settings: { ...current, ...values } });
}

function allCachedMessageIds(db: MirrorDatabase): number[] {
  return (db.prepare('SELECT message_id FROM messages').all() as { message_id: number }[]).map((r) => r.message_id);
}
