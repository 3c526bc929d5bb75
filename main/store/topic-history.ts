// A channel's topic history as its server listed it (GET /users/me/{stream_id}/topics): the topics
// of messages the mirror never cached, so a channel lists its old topics too, offline as well.
// Replaced whole at each listing. Between listings, a move names the topic its messages went to,
// and a whole topic moved (change_all) leaves its old name; a topic whose newest message is deleted
// leaves too (a deleted topic must not stay listed; older messages left in it are not known here:
// the channel's next listing, asked after a deletion, names it again). An archived channel keeps
// its rows: its history stays readable (the family's archived_channels).
// Topics are one whatever their case, as the family's servers list them.
import { z } from 'zod';
import type { ChannelTopic } from '../../shared/api/channel-topics';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { reader, writer } from './statements';

export interface HistoryTopic {
  topic: string;
  max_id: number;
}

const historyRow = z.object({ topic: z.string(), max_id: z.number() });

/** The server's listing of a channel's topics, replacing the one kept. */
export function replaceTopicHistory(db: MirrorDatabase, stream_id: number, topics: readonly ChannelTopic[], changes: ChangeSink): void {
  forgetChannel(db, stream_id);
  const insert = writer(db, 'INSERT OR REPLACE INTO topic_history (stream_id, topic, max_id) VALUES (?, ?, ?)');
  for (const { name, max_id } of topics) insert.run(stream_id, name, max_id);
  changes.add('topic_history', stream_id);
}

/** A channel's listed topics, newest first, at most `limit`. */
export function topicHistory(db: ReadOnlyMirror, stream_id: number, limit: number): HistoryTopic[] {
  return reader(db, 'SELECT topic, max_id FROM topic_history WHERE stream_id = ? ORDER BY max_id DESC LIMIT ?', historyRow).all(stream_id, limit);
}

function forgetChannel(db: MirrorDatabase, stream_id: number): void {
  writer(db, 'DELETE FROM topic_history WHERE stream_id = ?').run(stream_id);
}

/** The row of a topic whatever its case (SQLite's lower() folds ASCII only). */
function rowOf(db: ReadOnlyMirror, stream_id: number, topic: string): HistoryTopic | undefined {
  const folded = topic.toLowerCase();
  return reader(db, 'SELECT topic, max_id FROM topic_history WHERE stream_id = ?', historyRow)
    .all(stream_id)
    .find((row) => row.topic.toLowerCase() === folded);
}

function dropRow(db: MirrorDatabase, stream_id: number, row: HistoryTopic): void {
  writer(db, 'DELETE FROM topic_history WHERE stream_id = ? AND topic = ?').run(stream_id, row.topic);
}

/** The topic leaves the listing, whatever its case; its row, if it had one. */
function remove(db: MirrorDatabase, stream_id: number, topic: string): HistoryTopic | undefined {
  const row = rowOf(db, stream_id, topic);
  if (row) dropRow(db, stream_id, row);
  return row;
}

/** Messages up to `max_id` are in the topic, named as given. */
function note(db: MirrorDatabase, stream_id: number, topic: string, max_id: number): void {
  const row = remove(db, stream_id, topic);
  writer(db, 'INSERT INTO topic_history (stream_id, topic, max_id) VALUES (?, ?, ?)').run(stream_id, topic, Math.max(max_id, row?.max_id ?? 0));
}

export const topicHistoryEvents: EventHandlers<'update_message' | 'delete_message'> = {
  update_message: (db, event, changes) => {
    const { stream_id, orig_subject } = event;
    if (event.rendering_only || stream_id === undefined || orig_subject === undefined) return;
    const to = event.new_stream_id ?? stream_id;
    if (event.propagate_mode === 'change_all') remove(db, stream_id, orig_subject);
    note(db, to, event.subject ?? orig_subject, Math.max(event.message_id, ...event.message_ids));
    changes.add('topic_history', stream_id, to);
  },
  delete_message: (db, event, changes) => {
    const { stream_id, topic } = event;
    if (stream_id === undefined || topic === undefined) return;
    const row = rowOf(db, stream_id, topic);
    const deleted = event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]);
    if (!row || !deleted.includes(row.max_id)) return;
    dropRow(db, stream_id, row);
    changes.add('topic_history', stream_id);
  },
};
