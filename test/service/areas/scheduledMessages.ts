// Scheduled messages: create, list, edit, delete, and their delivery when the time comes
// (or their failure, which marks them `failed: true` until edited with a new time).
import { getUser } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { ScheduledMessageRow, StreamRow, UserRow } from '../db/rows';
import { ApiError, badRequest, resourceNotFound } from '../http/errors';
import { readBySenderByDefault } from '../http/client-name';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { checkTopicPolicy, messageType, normalizeContent, renderContent, resolveChannel, resolveDirectRecipients, sendMessage, type Destination } from '../messaging/send';
import { requireScheduledTopic } from '../topics';

export function scheduledRecord(row: ScheduledMessageRow): Record<string, unknown> {
  const record: Record<string, unknown> = {
    scheduled_message_id: row.scheduled_message_id,
    type: row.type,
    to: row.type === 'stream' ? row.stream_id : (JSON.parse(row.to_user_ids ?? '[]') as number[]),
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_delivery_timestamp,
    failed: row.failed === 1,
  };
  if (row.type === 'stream') record['topic'] = row.topic;
  return record;
}

function futureTimestamp(params: Params): number {
  const timestamp = params.requiredInt('scheduled_delivery_timestamp');
  if (timestamp <= nowSeconds()) throw badRequest('Scheduled delivery time must be in the future.');
  return timestamp;
}

function ownScheduledMessage(sim: Sim, user: UserRow, id: number): ScheduledMessageRow {
  const row = sim.db
    .prepare('SELECT * FROM scheduled_messages WHERE scheduled_message_id = ? AND sender_id = ? AND delivered_message_id IS NULL')
    .get(id, user.user_id) as ScheduledMessageRow | undefined;
  if (row === undefined) throw resourceNotFound('Scheduled message does not exist');
  return row;
}

function load(sim: Sim, id: number): ScheduledMessageRow {
  return sim.db.prepare('SELECT * FROM scheduled_messages WHERE scheduled_message_id = ?').get(id) as ScheduledMessageRow;
}

function channelTopic(sim: Sim, params: Params, stream: StreamRow): string {
  const topic = requireScheduledTopic(params.string('topic'), sim.realm().empty_topic_display_name);
  checkTopicPolicy(stream, topic);
  return topic;
}

const publishUpdate = (sim: Sim, row: ScheduledMessageRow): void =>
  sim.queues.publish([row.sender_id], { type: 'scheduled_messages', op: 'update', scheduled_message: scheduledRecord(row) });

export const scheduledMessageRoutes: Route[] = [
  {
    method: 'GET',
    path: '/scheduled_messages',
    params: [],
    handle({ sim, user }) {
      const rows = sim.db
        .prepare('SELECT * FROM scheduled_messages WHERE sender_id = ? AND delivered_message_id IS NULL ORDER BY scheduled_delivery_timestamp, scheduled_message_id')
        .all(user.user_id) as ScheduledMessageRow[];
      return { scheduled_messages: rows.map(scheduledRecord) };
    },
  },
  {
    method: 'POST',
    path: '/scheduled_messages',
    params: ['type', 'to', 'content', 'topic', 'scheduled_delivery_timestamp', 'read_by_sender'],
    handle({ sim, user, client, params }) {
      const type = messageType(params.requiredString('type'));
      const to = params.requiredJson('to');
      let streamId: number | null = null;
      let toUserIds: string | null = null;
      let topic = '';
      let toSelf = false;
      if (type === 'stream') {
        const stream = resolveChannel(sim, user, to);
        streamId = stream.stream_id;
        topic = channelTopic(sim, params, stream);
      } else {
        const recipients = resolveDirectRecipients(sim, to);
        toUserIds = JSON.stringify(recipients);
        toSelf = recipients.every((id) => id === user.user_id);
      }
      const content = normalizeContent(params.requiredString('content'));
      const timestamp = futureTimestamp(params);
      // Unsaid, read for the sender when sent from one of the family's own apps, a note to self
      // excepted (it stays unread, to remind), as the family's servers decide it.
      const readBySender = params.bool('read_by_sender') ?? (readBySenderByDefault(client) && !toSelf);
      const { lastInsertRowid } = sim.db
        .prepare(
          `INSERT INTO scheduled_messages (sender_id, type, stream_id, to_user_ids, topic, content, rendered_content, scheduled_delivery_timestamp, read_by_sender)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(user.user_id, type, streamId, toUserIds, topic, content, renderContent(sim, content), timestamp, Number(readBySender));
      const row = load(sim, Number(lastInsertRowid));
      sim.queues.publish([user.user_id], { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduledRecord(row)] });
      return { scheduled_message_id: row.scheduled_message_id };
    },
  },
  {
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id}',
    params: ['type', 'to', 'content', 'topic', 'scheduled_delivery_timestamp'],
    handle({ sim, user, params, path }) {
      const row = ownScheduledMessage(sim, user, path.int('scheduled_message_id'));
      const requestedType = params.string('type');
      const type = requestedType === undefined ? row.type : messageType(requestedType);
      const typeChanged = type !== row.type;
      const to = params.json('to');
      if (typeChanged && to === undefined) throw badRequest('Recipient required when updating type of scheduled message.');
      const next: ScheduledMessageRow = { ...row, type };
      if (type === 'stream') {
        const stream = resolveChannel(sim, user, to ?? row.stream_id);
        next.stream_id = stream.stream_id;
        next.to_user_ids = null;
        if (params.has('topic')) next.topic = channelTopic(sim, params, stream);
        else if (typeChanged) throw badRequest('Topic required when updating scheduled message type to channel.');
      } else {
        next.stream_id = null;
        next.topic = '';
        if (to !== undefined) next.to_user_ids = JSON.stringify(resolveDirectRecipients(sim, to));
      }
      if (params.has('content')) {
        next.content = normalizeContent(params.requiredString('content'));
        next.rendered_content = renderContent(sim, next.content);
      }
      if (params.has('scheduled_delivery_timestamp')) {
        next.scheduled_delivery_timestamp = futureTimestamp(params);
        next.failed = 0;
      } else if (row.failed === 1) {
        throw badRequest('Scheduled delivery time must be provided to reschedule a failed message.');
      }
      sim.db
        .prepare(
          `UPDATE scheduled_messages SET type = @type, stream_id = @stream_id, to_user_ids = @to_user_ids, topic = @topic, content = @content,
             rendered_content = @rendered_content, scheduled_delivery_timestamp = @scheduled_delivery_timestamp, failed = @failed
           WHERE scheduled_message_id = @scheduled_message_id`,
        )
        .run(next);
      publishUpdate(sim, load(sim, row.scheduled_message_id));
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id}',
    params: [],
    handle({ sim, user, path }) {
      const row = ownScheduledMessage(sim, user, path.int('scheduled_message_id'));
      sim.db.prepare('DELETE FROM scheduled_messages WHERE scheduled_message_id = ?').run(row.scheduled_message_id);
      sim.queues.publish([user.user_id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.scheduled_message_id });
      return {};
    },
  },
];

/** One delivery step: every due, not failed message is sent now, or marked failed. */
export function deliverDueScheduledMessages(sim: Sim, now = nowSeconds()): void {
  const due = sim.db
    .prepare('SELECT * FROM scheduled_messages WHERE delivered_message_id IS NULL AND failed = 0 AND scheduled_delivery_timestamp <= ? ORDER BY scheduled_delivery_timestamp, scheduled_message_id')
    .all(now) as ScheduledMessageRow[];
  for (const row of due) {
    if (sim.faults.scheduledSendFailures > 0) {
      sim.faults.scheduledSendFailures -= 1;
      markFailed(sim, row);
      continue;
    }
    const sender = getUser(sim.db, row.sender_id);
    try {
      if (sender === undefined || sender.is_active !== 1) throw badRequest('Sender is deactivated');
      const destination: Destination = row.type === 'stream'
        ? { type: 'stream', stream: resolveChannel(sim, sender, row.stream_id), topic: row.topic }
        : { type: 'private', userIds: resolveDirectRecipients(sim, JSON.parse(row.to_user_ids ?? '[]')) };
      const message = sendMessage(sim, sender, destination, row.content, { client: 'Scheduled messages', readBySender: row.read_by_sender !== 0 });
      sim.db.prepare('UPDATE scheduled_messages SET delivered_message_id = ? WHERE scheduled_message_id = ?').run(message.id, row.scheduled_message_id);
      sim.queues.publish([row.sender_id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.scheduled_message_id });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      markFailed(sim, row);
    }
  }
}

function markFailed(sim: Sim, row: ScheduledMessageRow): void {
  sim.db.prepare('UPDATE scheduled_messages SET failed = 1 WHERE scheduled_message_id = ?').run(row.scheduled_message_id);
  publishUpdate(sim, load(sim, row.scheduled_message_id));
}
