// The scheduling form's state, its problems (the spec's rules, as the user types) and what it
// sends: everything for a new message, only what changed for an edit.
import { checkOperation, type CheckContext } from '../../../../shared/api/operation-checks';
import type { EditScheduledMessageParams } from '../../../../shared/api/operations';
import type { ScheduledMessage } from '../../../../shared/api/records';
import type { IpcArgs, ScheduledKind } from '../../../../shared/ipc';
import { fromPickerValue, toPickerValue } from './when';

export interface ScheduleDraft {
  kind: ScheduledKind;
  channel_id: number | null;
  topic: string;
  recipients: number[];
  content: string;
  /** The picker's value: wall-clock time in the user's zone. */
  when: string;
}

/** Problems by parameter name (to, topic, content, scheduled_delivery_timestamp). */
export type DraftProblems = Partial<Record<string, string>>;

export const emptyDraft = (): ScheduleDraft => ({ kind: 'channel', channel_id: null, topic: '', recipients: [], content: '', when: '' });

const isChannel = (message: ScheduledMessage): boolean => message.type === 'channel' || message.type === 'stream';
const toList = (to: number | number[]): number[] => (Array.isArray(to) ? to : [to]);

/** The form filled from a scheduled message; a failed one starts without a time, as a new one is required. */
export function draftOf(message: ScheduledMessage, zone: string): ScheduleDraft {
  const channel = isChannel(message);
  return {
    kind: channel ? 'channel' : 'direct',
    channel_id: channel ? (toList(message.to)[0] ?? null) : null,
    topic: message.topic ?? '',
    recipients: channel ? [] : toList(message.to),
    content: message.content,
    when: message.failed ? '' : toPickerValue(message.scheduled_delivery_timestamp, zone),
  };
}

const recipientsOf = (draft: ScheduleDraft): number | number[] | undefined =>
  draft.kind === 'channel' ? (draft.channel_id ?? undefined) : draft.recipients.length > 0 ? draft.recipients : undefined;

export function createArgs(draft: ScheduleDraft, zone: string): IpcArgs<'scheduled.create'> | null {
  const to = recipientsOf(draft);
  const scheduled_delivery_timestamp = fromPickerValue(draft.when, zone);
  if (to === undefined || scheduled_delivery_timestamp === null) return null;
  return { kind: draft.kind, to, content: draft.content, scheduled_delivery_timestamp, ...(draft.kind === 'channel' && { topic: draft.topic }) };
}

const sameRecipients = (a: number | number[] | undefined, b: number | number[]): boolean =>
  a !== undefined && JSON.stringify([...toList(a)].sort()) === JSON.stringify([...toList(b)].sort());

/** An edit names the message and carries only the fields that change. */
export type EditArgs = Omit<EditScheduledMessageParams, 'type'> & { kind?: ScheduledKind };

export function editArgs(draft: ScheduleDraft, original: ScheduledMessage, zone: string): EditArgs {
  const before = draftOf(original, zone);
  const kindChanged = draft.kind !== before.kind;
  const to = recipientsOf(draft);
  const when = fromPickerValue(draft.when, zone);
  return {
    scheduled_message_id: original.scheduled_message_id,
    ...(kindChanged && { kind: draft.kind }),
    ...(to !== undefined && (kindChanged || !sameRecipients(to, original.to)) && { to }),
    ...(draft.kind === 'channel' && (kindChanged || draft.topic !== before.topic) && { topic: draft.topic }),
    ...(draft.content !== original.content && { content: draft.content }),
    ...(when !== null && (original.failed || draft.when !== before.when) && { scheduled_delivery_timestamp: when }),
  };
}

/**
 * What keeps the form from being sent: the form's own needs (a recipient, a future time,
 * some content), then the spec's rules from shared/api, run on exactly what would be sent.
 */
export function draftProblems(
  draft: ScheduleDraft,
  context: CheckContext,
  original: ScheduledMessage | null,
  nowSeconds: number,
  zone: string,
): DraftProblems {
  const problems: DraftProblems = {};
  const add = (param: string, message: string | undefined) => {
    if (message !== undefined && problems[param] === undefined) problems[param] = message;
  };
  if (draft.kind === 'channel' && draft.channel_id === null) add('to', 'Choose a channel.');
  if (draft.kind === 'direct' && draft.recipients.length === 0) add('to', 'Choose at least one recipient.');
  if (draft.content.trim() === '') add('content', 'Write the message.');
  const when = fromPickerValue(draft.when, zone);
  if (when === null && (original === null || original.failed)) {
    add('scheduled_delivery_timestamp', original?.failed ? 'A failed message needs a new time to be rescheduled.' : 'Choose when to send it.');
  }
  if (original === null) {
    const args = createArgs(draft, zone);
    const params = { type: draft.kind, to: args?.to ?? [], content: draft.content, scheduled_delivery_timestamp: when ?? 0, ...(draft.kind === 'channel' && { topic: draft.topic }) };
    for (const v of checkOperation('createScheduledMessage', params, context)) add(v.param, v.message);
  } else {
    const { kind, ...rest } = editArgs(draft, original, zone);
    const params = { ...rest, ...(kind !== undefined && { type: kind }) };
    for (const v of checkOperation('editScheduledMessage', params, { ...context, existing: { type: original.type, failed: original.failed } })) add(v.param, v.message);
  }
  if (when !== null && when <= nowSeconds && (original === null || original.failed || draft.when !== draftOf(original, zone).when)) {
    add('scheduled_delivery_timestamp', 'The time must be in the future.');
  }
  return problems;
}
