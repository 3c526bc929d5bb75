// Records that belong to the signed-in user or the organization's configuration.
import { z } from 'zod';
import type {
  CustomProfileField,
  Linkifier,
  SavedSnippet,
  ScheduledMessage,
  TopicPreference,
} from '../../shared/api/records';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { customProfileFieldSchema, linkifierSchema, savedSnippetSchema, scheduledMessageSchema } from '../../shared/api/record-schemas';
import { deleteRecords, type KeyedTable, prepared, replaceRecords, storedRecord, upsertRecords } from './keyed-table';
import { toLinkifier, toSavedSnippet } from './normalize';
import { reader } from './statements';

export const savedSnippetsTable: KeyedTable<SavedSnippet> = {
  table: 'saved_snippets',
  key: 'saved_snippet_id',
  columns: { saved_snippet_id: (s) => s.saved_snippet_id },
  record: storedRecord<SavedSnippet>(savedSnippetSchema),
};

export const scheduledMessagesTable: KeyedTable<ScheduledMessage> = {
  table: 'scheduled_messages',
  key: 'scheduled_message_id',
  columns: {
    scheduled_message_id: (m) => m.scheduled_message_id,
    scheduled_delivery_timestamp: (m) => m.scheduled_delivery_timestamp,
    failed: (m) => m.failed === true,
  },
  record: storedRecord<ScheduledMessage>(scheduledMessageSchema),
};

/** Kept in the server's order: the list's position is the display order. */
export const customProfileFieldsTable: KeyedTable<CustomProfileField> = {
  table: 'custom_profile_fields',
  key: 'id',
  columns: { id: (f) => f.id, position: (_f, position) => position },
  record: storedRecord<CustomProfileField>(customProfileFieldSchema),
};

export const linkifiersTable: KeyedTable<Linkifier> = {
  table: 'linkifiers',
  key: 'filter_id',
  columns: { filter_id: (l) => l.filter_id, position: (_l, position) => position },
  record: storedRecord<Linkifier>(linkifierSchema),
};

/** The user's preference for a topic, as the server or the user set it. */
export function setTopicPreference(db: MirrorDatabase, preference: TopicPreference, changes: ChangeSink): void {
  writeTopicPreference(db, preference);
  changes.add('user_topics', `${preference.stream_id}:${preference.topic_name}`);
}

function writeTopicPreference(db: MirrorDatabase, preference: TopicPreference): void {
  if (preference.visibility_policy === 0) {
    // 0 removes the preference (spec: "none, removes a mute").
    prepared(db, 'DELETE FROM user_topics WHERE stream_id = ? AND topic_name = ?').run(
      preference.stream_id,
      preference.topic_name,
    );
    return;
  }
  prepared(
    db,
    `INSERT INTO user_topics (stream_id, topic_name, visibility_policy, last_updated) VALUES (?, ?, ?, ?)
     ON CONFLICT (stream_id, topic_name) DO UPDATE SET visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
  ).run(preference.stream_id, preference.topic_name, preference.visibility_policy, preference.last_updated ?? null);
}

export function replaceTopicPreferences(db: MirrorDatabase, preferences: readonly TopicPreference[]): void {
  prepared(db, 'DELETE FROM user_topics').run();
  for (const preference of preferences) writeTopicPreference(db, preference);
}

const topicPreferenceRow = z.object({ stream_id: z.number(), topic_name: z.string(), visibility_policy: z.number(), last_updated: z.number().nullable() });

export function topicPreferences(db: ReadOnlyMirror, stream_id?: number): TopicPreference[] {
  const sql = 'SELECT stream_id, topic_name, visibility_policy, last_updated FROM user_topics';
  const rows =
    stream_id === undefined
      ? reader(db, `${sql} ORDER BY stream_id, topic_name`, topicPreferenceRow).all()
      : reader(db, `${sql} WHERE stream_id = ? ORDER BY topic_name`, topicPreferenceRow).all(stream_id);
  return rows.map(({ last_updated, ...rest }) => (last_updated === null ? rest : { ...rest, last_updated }));
}

/** A saved snippet as created or edited, here or elsewhere. */
export function saveSnippet(db: MirrorDatabase, snippet: SavedSnippet, changes: ChangeSink): void {
  upsertRecords(db, savedSnippetsTable, [snippet]);
  changes.add('saved_snippets', snippet.saved_snippet_id);
}

export function forgetSnippet(db: MirrorDatabase, saved_snippet_id: number, changes: ChangeSink): void {
  deleteRecords(db, savedSnippetsTable, [saved_snippet_id]);
  changes.add('saved_snippets', saved_snippet_id);
}

export const personalEvents: EventHandlers<'saved_snippets' | 'custom_profile_fields' | 'realm_linkifiers' | 'scheduled_messages' | 'user_topic'> = {
  saved_snippets: (db, event, changes) => {
    if (event.op === 'remove') forgetSnippet(db, event.saved_snippet_id, changes);
    else saveSnippet(db, toSavedSnippet(event.saved_snippet), changes);
  },
  custom_profile_fields: (db, event, changes) => {
    replaceRecords(db, customProfileFieldsTable, event.fields);
    changes.add('custom_profile_fields', ...event.fields.map((f) => f.id));
  },
  realm_linkifiers: (db, event, changes) => {
    const linkifiers = event.realm_linkifiers.map(toLinkifier);
    replaceRecords(db, linkifiersTable, linkifiers);
    changes.add('linkifiers', ...linkifiers.map((l) => l.filter_id));
  },
  scheduled_messages: (db, event, changes) => {
    if (event.op === 'remove') {
      deleteRecords(db, scheduledMessagesTable, [event.scheduled_message_id]);
      changes.add('scheduled_messages', event.scheduled_message_id);
    } else {
      const messages: ScheduledMessage[] = event.op === 'add' ? event.scheduled_messages : [event.scheduled_message];
      upsertRecords(db, scheduledMessagesTable, messages);
      changes.add('scheduled_messages', ...messages.map((m) => m.scheduled_message_id));
    }
  },
  user_topic: (db, event, changes) => {
    setTopicPreference(db, event, changes);
  },
};
