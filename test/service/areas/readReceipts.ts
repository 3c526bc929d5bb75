// GET /messages/{message_id}/read_receipts: who has read a message, as real servers answer it
// (not shown in the spec): the people whose copy of it carries the read flag, leaving out its
// sender and bots; an unknown or inaccessible message is "Invalid message(s)".
import { accessibleMessage } from '../access';
import type { Route } from '../http/router';
import { FLAG } from '../records/message';

export const readReceiptRoutes: Route[] = [
  {
    method: 'GET',
    path: '/messages/{message_id}/read_receipts',
    params: [],
    handle({ sim, user, path }) {
      const message = accessibleMessage(sim.db, user, path.int('message_id'));
      const user_ids = sim.db
        .prepare(
          `SELECT um.user_id FROM user_messages um JOIN users u ON u.user_id = um.user_id
           WHERE um.message_id = ? AND (um.flags & ?) != 0 AND um.user_id != ? AND u.is_bot = 0 ORDER BY um.user_id`,
        )
        .pluck()
        .all(message.id, FLAG.read, message.sender_id) as number[];
      return { user_ids };
    },
  },
];
