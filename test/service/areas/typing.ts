// Typing notifications: stateless on the server; each start/stop becomes a `typing` event for the
// other participants of the conversation.
import { canAccessChannelContent, getStream, getUser, subscriberIds } from '../access';
import type { UserRow } from '../db/rows';
import { badRequest, missingArgument } from '../http/errors';
import type { Route } from '../http/router';
import { resolveDirectRecipients } from '../messaging/send';
import { apiEmail } from '../records/user';
import { messageTopic } from '../topics';

export const typingRoutes: Route[] = [
  {
    method: 'POST',
    path: '/typing',
    params: ['type', 'op', 'to', 'stream_id', 'topic'],
    handle({ sim, user, params }) {
      const type = params.string('type') ?? 'direct';
      const op = params.requiredString('op');
      if (op !== 'start' && op !== 'stop') throw badRequest('Invalid op');
      const host = sim.realm().host;
      const sender = { user_id: user.user_id, email: apiEmail(user, host) };

      if (type === 'direct') {
        if (!params.has('to')) throw missingArgument('to');
        const ids = resolveDirectRecipients(sim, params.json('to'));
        const participants = [...new Set([...ids, user.user_id])].sort((a, b) => a - b);
        const recipients = participants
          .map((id) => getUser(sim.db, id))
          .filter((member): member is UserRow => member !== undefined)
          .map((member) => ({ user_id: member.user_id, email: apiEmail(member, host) }));
        const others = participants.filter((id) => id !== user.user_id);
        sim.queues.publish(others, { type: 'typing', op, message_type: 'direct', sender, recipients });
        return {};
      }
      if (type !== 'stream' && type !== 'channel') throw badRequest('Invalid type');
      const streamId = params.int('stream_id');
      if (streamId === undefined) throw badRequest('Missing channel ID');
      const topic = params.string('topic');
      if (topic === undefined) throw badRequest('Missing topic');
      const stream = getStream(sim.db, streamId);
      if (stream === undefined || !canAccessChannelContent(sim.db, user, stream)) throw badRequest('Invalid channel ID');
      const event = { type: 'typing', op, message_type: 'stream', sender, stream_id: stream.stream_id, topic: messageTopic(topic, sim.realm().empty_topic_display_name) };
      const others = subscriberIds(sim.db, stream.stream_id).filter((id) => id !== user.user_id);
      // Channel typing events only reach clients that declared they understand them.
      sim.queues.publish(others, (queue) => (queue.hasCapability('stream_typing_notifications') ? event : null));
      return {};
    },
  },
];
