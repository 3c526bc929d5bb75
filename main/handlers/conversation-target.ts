// What a conversation key means to the service: the narrow that fetches it, where a message to
// it goes, and whom the typing notifications reach.
import type { SendMessageParams } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import type { TypingTarget } from '../sync/typing';
import { UserFacingError } from './dispatch';

export type ConversationTarget =
  | { kind: 'channel'; stream_id: number; topic: string }
  | { kind: 'direct'; user_ids: number[] };

export function parseConversation(conversation: string): ConversationTarget {
  const channel = /^channel:(\d+):([\s\S]*)$/.exec(conversation);
  if (channel) return { kind: 'channel', stream_id: Number(channel[1]), topic: channel[2] ?? '' };
  const direct = /^direct:(\d+(?:,\d+)*)$/.exec(conversation);
  if (direct) return { kind: 'direct', user_ids: (direct[1] ?? '').split(',').map(Number) };
  throw new UserFacingError('INVALID_ARGUMENT', `Not a conversation: ${conversation.slice(0, 80)}`);
}

/** The others in a direct conversation; a conversation with oneself is addressed to oneself. */
function recipients(user_ids: number[], me: number): number[] {
  const others = user_ids.filter((id) => id !== me);
  return others.length > 0 ? others : [me];
}

export function narrowOf(target: ConversationTarget): NarrowTerm[] {
  if (target.kind === 'channel') return [{ operator: 'channel', operand: target.stream_id }, { operator: 'topic', operand: target.topic }];
  return [{ operator: 'dm', operand: target.user_ids }];
}

export function sendParams(target: ConversationTarget, me: number, content: string): SendMessageParams {
  if (target.kind === 'channel') return { type: 'stream', to: target.stream_id, topic: target.topic, content };
  return { type: 'direct', to: recipients(target.user_ids, me), content };
}

export function typingTarget(target: ConversationTarget, me: number): TypingTarget {
  if (target.kind === 'channel') return { type: 'stream', stream_id: target.stream_id, topic: target.topic };
  return { type: 'direct', to: recipients(target.user_ids, me) };
}
