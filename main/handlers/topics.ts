// Topic preferences (none, muted, unmuted, followed), kept in the outbox offline; moving a topic's
// messages (renaming, resolving, moving to another channel: online only, the server's refusal
// passed on with its reason; the update_message event files the move in the mirror); and topic
// deletion for administrators, one pass per call (the renderer repeats until `complete`).
import { checkVisibilityPolicy } from '../../shared/api/checks';
import { cachedMessageCount } from '../store/conversations';
import { channelTopicConversation } from '../store/messages';
import { setTopicPreference } from '../store/personal';
import { UserFacingError } from '../app/user-facing-error';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function topicHandlers(context: CoreContext): AreaHandlers<'topics.setPreference' | 'topics.move' | 'topics.delete'> {
  return {
    'topics.setPreference': async ({ stream_id, topic, visibility_policy }) => {
      const problem = checkVisibilityPolicy(visibility_policy);
      if (problem) throw new UserFacingError('INVALID_ARGUMENT', problem);
      const session = context.activeSession();
      session.write((db, changes) => setTopicPreference(db, { stream_id, topic_name: topic, visibility_policy }, changes));
      const payload = { stream_id, topic, visibility_policy };
      const deferred = await session.deferrable.call({ kind: 'updateUserTopic', record: { table: 'user_topics', stream_id, topic }, payload });
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'topics.move': async ({ message_id, topic, stream_id, propagate_mode, send_notification_to_old_thread, send_notification_to_new_thread }) => {
      if (topic === undefined && stream_id === undefined) throw new UserFacingError('INVALID_ARGUMENT', 'Say the topic or the channel to move the messages to.');
      const session = context.activeSession();
      session.requireOnline('Moving messages');
      await session.client.call('updateMessage', {
        message_id,
        ...(topic !== undefined && { topic }),
        ...(stream_id !== undefined && { stream_id }),
        propagate_mode,
        send_notification_to_old_thread,
        send_notification_to_new_thread,
      });
      return null;
    },
    'topics.delete': async ({ stream_id, topic_name }) => {
      const session = context.activeSession();
      session.requireOnline('Deleting a topic');
      if (!session.isAdministrator()) throw new UserFacingError('UNAUTHORIZED_PRINCIPAL', 'Only administrators can delete a topic.');
      const { complete } = await session.client.call('deleteTopic', { stream_id, topic_name });
      // The deletions reach the mirror as events; this count is the progress the screen shows.
      return { complete, remaining_cached: cachedMessageCount(session.db, channelTopicConversation(stream_id, topic_name)) };
    },
  };
}
