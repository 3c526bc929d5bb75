// Scheduled messages: listed from the mirror (kept current by events), created and edited now
// or kept in the outbox while offline, deleted.
import { featureLevelProblem } from '../../shared/api/feature-levels';
import type { EditScheduledMessageParams } from '../../shared/api/operations';
import type { MessageType, ScheduledMessage } from '../../shared/api/records';
import type { OutboxItemView, ScheduledKind, ScheduledListing, ScheduledMessageView } from '../../shared/ipc';
import { stagedIdsIn } from '../../shared/staged-links';
import type { AccountSession } from '../app/session';
import { channelsTable } from '../store/channels';
import { allRecords, getRecord } from '../store/keyed-table';
import { outboxItems } from '../store/outbox';
import { scheduledMessagesTable } from '../store/personal';
import { readBySender } from '../sync/read-by-sender';
import { userName } from '../store/users';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';
import { UserFacingError } from '../app/user-facing-error';

/** A scheduled message goes as written, by the server: a file not uploaded yet (its placeholder) could not go with it. */
function refuseFilesNotUploaded(content: string | undefined): void {
  if (content !== undefined && stagedIdsIn(content).length > 0) {
    throw new UserFacingError('FILES_NOT_UPLOADED', 'The message names files not uploaded yet: schedule it once they are uploaded (online).');
  }
}

const SCHEDULING_KINDS: readonly string[] = ['createScheduledMessage', 'editScheduledMessage'];

/** 'channel' is understood from feature level 248; older servers know the same kind as 'stream'. */
function wireType(session: AccountSession, kind: ScheduledKind): MessageType {
  if (kind === 'direct') return 'direct';
  const problem = featureLevelProblem('editScheduledMessage', { scheduled_message_id: 1, type: 'channel' }, session.client.featureLevel);
  return problem ? 'stream' : 'channel';
}

function recipientLabel(session: AccountSession, message: ScheduledMessage): string {
  if (message.type === 'channel' || message.type === 'stream') {
    const channelId = Array.isArray(message.to) ? message.to[0] : message.to;
    const name = channelId === undefined ? undefined : getRecord(session.db, channelsTable, channelId)?.name;
    return `#${name ?? `channel ${String(channelId)}`}`;
  }
  const ids = Array.isArray(message.to) ? message.to : [message.to];
  return ids.map((user_id) => userName(session.db, user_id)).join(', ');
}

/** The fields an edit may change, as the outbox keeps them. */
const EDITED_FIELDS = ['type', 'to', 'topic', 'content', 'scheduled_delivery_timestamp'] as const;

/** A scheduled message as the user left it: the new values of edits still waiting in the outbox, marked pending. */
function withPendingEdits(message: ScheduledMessageView, waiting: readonly OutboxItemView[]): ScheduledMessageView {
  const edits = waiting.filter((item) => item.kind === 'editScheduledMessage' && item.payload['scheduled_message_id'] === message.scheduled_message_id);
  if (edits.length === 0) return message;
  const edited: ScheduledMessageView = { ...message, pending: true };
  for (const { payload } of edits) for (const field of EDITED_FIELDS) if (payload[field] !== undefined) Object.assign(edited, { [field]: payload[field] });
  return edited;
}

export function schedulingHandlers(
  context: CoreContext,
): AreaHandlers<'scheduled.list' | 'scheduled.create' | 'scheduled.edit' | 'scheduled.delete'> {
  return {
    'scheduled.list': (): ScheduledListing => {
      const session = context.activeSession();
      const waiting = outboxItems(session.db).filter((item) => SCHEDULING_KINDS.includes(item.kind));
      const messages = allRecords(session.db, scheduledMessagesTable, 'scheduled_delivery_timestamp, scheduled_message_id').map(
        (message): ScheduledMessageView => withPendingEdits({ ...message, recipient_label: recipientLabel(session, message) }, waiting),
      );
      return { messages, waiting };
    },
    'scheduled.create': ({ kind, to, topic, content, scheduled_delivery_timestamp }) => {
      const session = context.activeSession();
      refuseFilesNotUploaded(content);
      // A note to self stays unread, so that it reminds, as the family's servers leave it.
      const toSelf = kind === 'direct' && [to].flat().every((user_id) => user_id === session.account.user_id);
      const params = {
        type: wireType(session, kind),
        to,
        content,
        scheduled_delivery_timestamp,
        ...(kind === 'channel' && topic !== undefined && { topic }),
        ...readBySender('createScheduledMessage', !toSelf, session.client.featureLevel),
      };
      return session.deferrable.call({ kind: 'createScheduledMessage', record: { table: 'scheduled_messages', scheduled_message_id: 'new' }, payload: params }).then(
        (done) => (done.pending ? done : { pending: false, value: { scheduled_message_id: done.value.scheduled_message_id } }),
      );
    },
    'scheduled.edit': async ({ scheduled_message_id, kind, ...changes }) => {
      const session = context.activeSession();
      refuseFilesNotUploaded(changes.content);
      const existing = getRecord(session.db, scheduledMessagesTable, scheduled_message_id);
      if (!existing) throw new UserFacingError('NOT_FOUND', 'This scheduled message is no longer scheduled (sent or deleted).');
      // Only what the user changed is sent: an absent field keeps the server's value.
      const params: EditScheduledMessageParams = { scheduled_message_id, ...(kind !== undefined && { type: wireType(session, kind) }) };
      for (const [field, value] of Object.entries(changes)) if (value !== undefined) Object.assign(params, { [field]: value });
      // The replay's path: the edit is checked against the scheduled message as the mirror last saw it.
      const done = await session.deferrable.call({ kind: 'editScheduledMessage', record: { table: 'scheduled_messages', scheduled_message_id }, payload: params });
      return done.pending ? done : { pending: false, value: null };
    },
    'scheduled.delete': async ({ scheduled_message_id }) => {
      await context.activeSession().client.call('deleteScheduledMessage', { scheduled_message_id });
      return null;
    },
  };
}
