// Editing a message's content (or moving it: messageMoves.ts) and deleting a message, with the
// organization's rules real servers apply (editing allowed at all, the sender only, within the edit
// limit; deleting by the delete groups within the delete limit), the update_message /
// delete_message events, and each edit kept for the message's history (editHistory/).
import { accessibleMessage } from '../access';
import { nowSeconds, type Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import { recordEdits, type MessageChange } from '../editHistory/store';
import { messageAudience } from '../events/audience';
import { inSystemGroup } from '../groups';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { refreshContentFlags } from '../messaging/contentFlags';
import { deleteMessage } from '../messaging/delete';
import { renderWithMentions } from '../messaging/send';
import { REALM_PERMISSIONS } from '../permissions';
import { isMeMessage, viewerFlags } from '../records/message';
import { applyMove, checkCanMove, checkMovePayload, isMove, moveRequest } from './messageMoves';

/** The organization's message-editing settings, as registration announces them. */
export const MESSAGE_EDITING = {
  realm_allow_message_editing: true,
  realm_message_content_edit_limit_seconds: 600,
  realm_message_content_delete_limit_seconds: null,
} as const satisfies Record<string, boolean | number | null>;

/** Real servers allow a few seconds past the limit for the request to arrive. */
const EDIT_LIMIT_BUFFER_SECONDS = 20;

const pastLimit = (message: MessageRow, limit: number | null): boolean =>
  limit !== null && nowSeconds() - message.timestamp > limit + EDIT_LIMIT_BUFFER_SECONDS;

function checkCanEditContent(user: UserRow, message: MessageRow): void {
  if (!MESSAGE_EDITING.realm_allow_message_editing) throw badRequest('Your organization has turned off message editing');
  if (message.sender_id !== user.user_id) throw badRequest("You don't have permission to edit this message");
  if (pastLimit(message, MESSAGE_EDITING.realm_message_content_edit_limit_seconds)) {
    throw badRequest("The time limit for editing this message's content has passed");
  }
}

function checkCanDelete(user: UserRow, message: MessageRow): void {
  if (inSystemGroup(user, REALM_PERMISSIONS.realm_can_delete_any_message_group)) return;
  const mayDeleteOwn = message.sender_id === user.user_id && inSystemGroup(user, REALM_PERMISSIONS.realm_can_delete_own_message_group);
  if (!mayDeleteOwn) throw badRequest("You don't have permission to delete this message");
  if (pastLimit(message, MESSAGE_EDITING.realm_message_content_delete_limit_seconds)) {
    throw badRequest('The time limit for deleting this message has passed');
  }
}

/** Changes the content and tells the readers; answers the change, for the message's history. */
function editContent(sim: Sim, user: UserRow, before: MessageRow, requested: string, editTimestamp: number): MessageChange {
  // An emptied message is kept, saying so, as real servers do.
  const content = requested.trim() === '' ? '(deleted)' : requested;
  const { html, mentions } = renderWithMentions(sim, content);
  const after: MessageRow = { ...before, content, rendered_content: html, last_edit_timestamp: editTimestamp };
  sim.db.prepare('UPDATE messages SET content = ?, rendered_content = ?, last_edit_timestamp = ? WHERE id = ?').run(after.content, after.rendered_content, editTimestamp, after.id);
  // Before the event, whose flags show the outcome.
  refreshContentFlags(sim.db, after, mentions);
  publishEdit(sim, user, before, after, editTimestamp);
  return { prev_content: before.content, prev_rendered_content: before.rendered_content };
}

function publishEdit(sim: Sim, editor: UserRow, before: MessageRow, after: MessageRow, editTimestamp: number): void {
  const common = {
    type: 'update_message',
    user_id: editor.user_id,
    edit_timestamp: editTimestamp,
    message_id: after.id,
    message_ids: [after.id],
    rendering_only: false,
    orig_content: before.content,
    orig_rendered_content: before.rendered_content,
    content: after.content,
    rendered_content: after.rendered_content,
    is_me_message: isMeMessage(after.content),
    ...(after.stream_id !== null && { stream_id: after.stream_id }),
  };
  sim.queues.publish(new Set(messageAudience(sim, after)), (queue) => ({ ...common, flags: viewerFlags(sim.db, queue.userId, after.id) }));
}

export const messageEditRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/messages/{message_id}',
    params: ['content', 'topic', 'stream_id', 'propagate_mode', 'send_notification_to_old_thread', 'send_notification_to_new_thread'],
    handle({ sim, user, params, path }) {
      const before = accessibleMessage(sim.db, user, path.int('message_id'));
      const requested = params.string('content');
      const move = moveRequest(sim, before, params);
      if (requested !== undefined) checkCanEditContent(user, before);
      checkMovePayload(before, move, requested);
      if (isMove(move)) checkCanMove(sim, user, before, move);
      // A content edit and a move made together are one edit of the message, at one time.
      const timestamp = nowSeconds();
      const changes = new Map<number, MessageChange>();
      if (requested !== undefined) changes.set(before.id, editContent(sim, user, before, requested, timestamp));
      if (isMove(move)) {
        for (const [id, change] of applyMove(sim, user, accessibleMessage(sim.db, user, before.id), move, timestamp)) changes.set(id, { ...changes.get(id), ...change });
      }
      recordEdits(sim.db, { user_id: user.user_id, timestamp }, changes);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/messages/{message_id}',
    params: [],
    handle({ sim, user, path }) {
      const message = accessibleMessage(sim.db, user, path.int('message_id'));
      checkCanDelete(user, message);
      deleteMessage(sim, message);
      return {};
    },
  },
];
