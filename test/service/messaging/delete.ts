// Deleting a message: its rows go, and everyone who could see it gets a delete_message event (in
// the form their queue asked for). Whether the user may delete it is the caller's to check.
import type { Sim } from '../context';
import type { MessageRow } from '../db/rows';
import { messageAudience } from '../events/audience';

export function deleteMessage(sim: Sim, message: MessageRow): void {
  // Those who could see it are known only before its rows go.
  const audience = new Set(messageAudience(sim, message));
  sim.db.transaction(() => {
    sim.db.prepare('DELETE FROM reactions WHERE message_id = ?').run(message.id);
    sim.db.prepare('DELETE FROM submessages WHERE message_id = ?').run(message.id);
    sim.db.prepare('DELETE FROM message_edits WHERE message_id = ?').run(message.id);
    sim.db.prepare('DELETE FROM user_messages WHERE message_id = ?').run(message.id);
    sim.db.prepare('DELETE FROM messages WHERE id = ?').run(message.id);
  })();
  const common =
    message.stream_id === null
      ? { type: 'delete_message', message_type: 'private' }
      : { type: 'delete_message', message_type: 'stream', stream_id: message.stream_id, topic: message.topic };
  sim.queues.publish(audience, (queue) =>
    queue.hasCapability('bulk_message_deletion') ? { ...common, message_ids: [message.id] } : { ...common, message_id: message.id },
  );
}
