// Adding a submessage to a message (a vote, a new poll option, a task struck off...), with the
// `submessage` event. Checked in the order real servers check: the message, who may add to it,
// the JSON, then what its widget accepts.
import { accessibleMessage } from '../access';
import type { Sim } from '../context';
import type { SubmessageRow } from '../db/rows';
import { messageReceivers } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { messageWidgetType, senderHasAttached, storeSubmessage } from '../submessages/store';
import { checkWidgetData } from '../submessages/widgetData';

function parseContent(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
}

function publishSubmessage(sim: Sim, receivers: readonly number[], submessage: SubmessageRow): void {
  sim.queues.publish(receivers, {
    type: 'submessage',
    msg_type: submessage.msg_type,
    message_id: submessage.message_id,
    submessage_id: submessage.id,
    sender_id: submessage.sender_id,
    content: submessage.content,
  });
}

export const submessageRoutes: Route[] = [
  {
    method: 'POST',
    path: '/submessage',
    params: ['message_id', 'msg_type', 'content'],
    handle({ sim, user, params }) {
      const messageId = params.requiredJsonInt('message_id');
      const msgType = params.requiredString('msg_type');
      const content = params.requiredString('content');
      const message = accessibleMessage(sim.db, user, messageId);
      const byAuthor = message.sender_id === user.user_id;
      if (!byAuthor && !senderHasAttached(sim.db, message.id, message.sender_id)) throw badRequest('You cannot attach a submessage to this message.');
      checkWidgetData(messageWidgetType(sim.db, message.id), parseContent(content), byAuthor);
      const submessage = storeSubmessage(sim.db, { message_id: message.id, sender_id: user.user_id, msg_type: msgType, content });
      publishSubmessage(sim, messageReceivers(sim, message), submessage);
      return {};
    },
  },
];
