// Deleting a topic: messages go in batches, newest first; a request may "time out" after some
// batches (the deleteTopicBatchesBeforeTimeout fault) and answer complete: false.
import { canAccessChannelMetadata, getStream, requireAdministrator } from '../access';
import type { Sim } from '../context';
import type { MessageRow, StreamRow } from '../db/rows';
import { messageAudience } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { firstMessageId } from '../records/channel';
import { preferenceTopic } from '../topics';
import { publishChannelUpdate } from './channels';

const DELETE_BATCH_SIZE = 50;

function deleteBatch(sim: Sim, stream: StreamRow, batch: MessageRow[]): void {
  const audience = new Set(batch.flatMap((message) => messageAudience(sim, message)));
  const ids = batch.map((message) => message.id);
  sim.db.transaction(() => {
    for (const id of ids) {
      sim.db.prepare('DELETE FROM reactions WHERE message_id = ?').run(id);
      sim.db.prepare('DELETE FROM submessages WHERE message_id = ?').run(id);
      sim.db.prepare('DELETE FROM message_edits WHERE message_id = ?').run(id);
      sim.db.prepare('DELETE FROM user_messages WHERE message_id = ?').run(id);
      sim.db.prepare('DELETE FROM messages WHERE id = ?').run(id);
    }
  })();
  const common = { type: 'delete_message', message_type: 'stream', stream_id: stream.stream_id, topic: batch[0]?.topic ?? '' };
  for (const userId of audience) {
    sim.queues.publish([userId], (queue) => (queue.hasCapability('bulk_message_deletion') ? { ...common, message_ids: ids } : null));
    // Clients without bulk deletion get one event per message.
    for (const id of ids) sim.queues.publish([userId], (queue) => (queue.hasCapability('bulk_message_deletion') ? null : { ...common, message_id: id }));
  }
}

export const topicDeletionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/streams/{stream_id}/delete_topic',
    params: ['topic_name'],
    handle({ sim, user, params, path }) {
      requireAdministrator(user);
      const stream = getStream(sim.db, path.int('stream_id'));
      if (stream === undefined || !canAccessChannelMetadata(sim.db, user, stream)) throw badRequest('Invalid channel ID');
      const topic = preferenceTopic(params.requiredString('topic_name'), sim.realm().empty_topic_display_name);
      const firstBefore = firstMessageId(sim.db, stream.stream_id);
      const select = sim.db.prepare(`SELECT * FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE ORDER BY id DESC LIMIT ${DELETE_BATCH_SIZE}`);
      const batchesBeforeTimeout = sim.faults.deleteTopicBatchesBeforeTimeout;
      let batches = 0;
      let complete = true;
      for (;;) {
        const batch = select.all(stream.stream_id, topic) as MessageRow[];
        if (batch.length === 0) break;
        if (batchesBeforeTimeout !== null && batches >= batchesBeforeTimeout) {
          complete = false;
          break;
        }
        deleteBatch(sim, stream, batch);
        batches += 1;
      }
      const firstAfter = firstMessageId(sim.db, stream.stream_id);
      if (firstAfter !== firstBefore) publishChannelUpdate(sim, stream, 'first_message_id', firstAfter);
      return { complete };
    },
  },
];
