// Who receives an event: the users with queues among those allowed to see the change.
import { canAccessChannelMetadata, getUser, subscriberIds } from '../access';
import type { Sim } from '../context';
import type { MessageRow, StreamRow } from '../db/rows';

/** Organization-wide changes (users, profile fields, linkifiers, folders, statuses). */
export function everyone(sim: Sim): number[] {
  return sim.queues.connectedUserIds();
}

/** Channel-level changes reach those who can see the channel exists. */
export function channelAudience(sim: Sim, stream: StreamRow): number[] {
  return sim.queues.connectedUserIds().filter((userId) => {
    const user = getUser(sim.db, userId);
    return user !== undefined && canAccessChannelMetadata(sim.db, user, stream);
  });
}

/** Those who received a message (submessages reach them only, even in a channel). */
export function messageReceivers(sim: Sim, message: MessageRow): number[] {
  return sim.db.prepare('SELECT user_id FROM user_messages WHERE message_id = ?').pluck().all(message.id) as number[];
}

/** Changes to a message (reactions, deletion) reach those who received it or follow its channel now. */
export function messageAudience(sim: Sim, message: MessageRow): number[] {
  const received = messageReceivers(sim, message);
  return message.stream_id === null ? received : [...received, ...subscriberIds(sim.db, message.stream_id)];
}
