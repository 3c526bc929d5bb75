// The spec's rules on parameters, as pure functions the client runs before sending and the GUI
// forms reuse. Each returns the problem in the spec's words, or undefined when the value is fine.
// Rules that depend on what the server announced take that value as an argument; when it is
// unknown (undefined) the rule is not applied.
import {
  FIELD_TYPES,
  FIELD_TYPES_NOT_IN_SUMMARY,
  FLAG_OPS,
  NO_TOPIC,
  PUSH_TOKEN_KINDS,
  REACTION_TYPES,
  ROLE_VALUES,
  SCHEDULED_MESSAGE_TYPES,
  STATUS_TEXT_MAX_LENGTH,
  TYPING_OPS,
  TYPING_TYPES,
  USER_CHANGEABLE_FLAGS,
  VISIBILITY_POLICY_VALUES,
  WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH,
} from './limits';
import type { MessageType } from './records';

export type Problem = string | undefined;

/** The service counts characters, not UTF-16 code units. */
export function characterCount(text: string): number {
  return [...text].length;
}

function oneOf(name: string, value: unknown, allowed: readonly unknown[]): Problem {
  if (allowed.includes(value)) return undefined;
  return `${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)}).`;
}

function atMost(name: string, text: string, max: number | undefined): Problem {
  if (max === undefined || characterCount(text) <= max) return undefined;
  return `${name} must be at most ${max} characters (it has ${characterCount(text)}).`;
}

export function isChannelType(type: MessageType | 'direct' | 'stream' | 'channel'): boolean {
  return type === 'channel' || type === 'stream';
}

export function checkStatusText(statusText: string | undefined): Problem {
  return statusText === undefined ? undefined : atMost('status_text', statusText, STATUS_TEXT_MAX_LENGTH);
}

export function checkStatusEmoji(status: { emoji_name?: string; emoji_code?: string; reaction_type?: string }): Problem {
  if (status.emoji_name !== undefined) return undefined;
  if (status.emoji_code === undefined && status.reaction_type === undefined) return undefined;
  return 'emoji_name is required if emoji_code or reaction_type is given.';
}

export function checkStatusHasValues(status: {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}): Problem {
  const given = [status.status_text, status.emoji_name, status.emoji_code, status.reaction_type];
  if (given.some((value) => value !== undefined)) return undefined;
  return 'A status update needs at least one new value: status_text, emoji_name, emoji_code or reaction_type.';
}

export function checkReactionType(reactionType: string | undefined): Problem {
  return reactionType === undefined ? undefined : oneOf('reaction_type', reactionType, REACTION_TYPES);
}

export function checkWelcomeMessageCustomText(text: string | null | undefined): Problem {
  if (text === undefined || text === null) return undefined;
  return atMost('welcome_message_custom_text', text, WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH);
}

export function checkInviteAs(inviteAs: number | undefined): Problem {
  return inviteAs === undefined ? undefined : oneOf('invite_as', inviteAs, ROLE_VALUES);
}

export function checkVisibilityPolicy(visibilityPolicy: number): Problem {
  return oneOf('visibility_policy', visibilityPolicy, VISIBILITY_POLICY_VALUES);
}

export function checkFieldType(fieldType: number): Problem {
  if (Object.hasOwn(FIELD_TYPES, fieldType)) return undefined;
  const names = Object.entries(FIELD_TYPES)
    .map(([type, name]) => `${type} ${name}`)
    .join(', ');
  return `field_type must be from 1 to 8 (${names}); got ${fieldType}.`;
}

export function checkProfileSummary(fieldType: number, displayInProfileSummary: boolean | undefined): Problem {
  if (displayInProfileSummary !== true) return undefined;
  if (!(FIELD_TYPES_NOT_IN_SUMMARY as readonly number[]).includes(fieldType)) return undefined;
  return 'Long text and person picker fields cannot be displayed in the profile summary (display_in_profile_summary).';
}

/** A new channel's name, as the server strips it: non-empty, within max_stream_name_length. */
export function checkChannelName(name: string, maxLength: number | undefined): Problem {
  if (name.trim() === '') return 'The channel name must be non-empty.';
  return atMost('The channel name', name.trim(), maxLength);
}

export function checkChannelDescription(description: string, maxLength: number | undefined): Problem {
  return atMost('The channel description', description, maxLength);
}

export function checkChannelFolderName(name: string, maxLength: number | undefined): Problem {
  if (name.trim() === '') return 'The channel folder name must be non-empty.';
  return atMost('The channel folder name', name, maxLength);
}

export function checkChannelFolderDescription(description: string, maxLength: number | undefined): Problem {
  return atMost('The channel folder description', description, maxLength);
}

export function checkTypingType(type: string | undefined): Problem {
  return type === undefined ? undefined : oneOf('type', type, TYPING_TYPES);
}

export function checkTypingOp(op: string): Problem {
  return oneOf('op', op, TYPING_OPS);
}

/** Channel typing names the channel by stream_id; direct typing names the recipients in `to`. */
export function checkTypingTarget(typing: { type?: string; to?: number[]; stream_id?: number }): Problem {
  const type = typing.type ?? 'direct';
  if ((type === 'stream' || type === 'channel') && typing.stream_id === undefined) {
    return 'stream_id is required for channel typing notifications (type stream or channel).';
  }
  if (type === 'direct' && typing.to === undefined) {
    return 'to is required for direct typing notifications (a list of user IDs, even for one recipient).';
  }
  return undefined;
}

export function checkScheduledMessageType(type: string | undefined): Problem {
  return type === undefined ? undefined : oneOf('type', type, SCHEDULED_MESSAGE_TYPES);
}

/**
 * Scheduling a channel message needs a real topic: not empty, not `(no topic)`, and not the
 * organization's realm_empty_topic_display_name (both read as the empty topic).
 */
export function checkScheduledTopic(topic: string | undefined, emptyTopicDisplayName: string | undefined): Problem {
  const trimmed = topic?.trim();
  const empties = ['', NO_TOPIC, ...(emptyTopicDisplayName === undefined ? [] : [emptyTopicDisplayName])];
  if (trimmed !== undefined && !empties.includes(trimmed)) return undefined;
  const names = empties.slice(1).map((name) => `"${name}"`);
  return `topic is required for a scheduled channel message and may not be empty, ${names.join(' or ')}.`;
}

export function checkTopicLength(topic: string | undefined, maxTopicLength: number | undefined): Problem {
  return topic === undefined ? undefined : atMost('topic', topic, maxTopicLength);
}

export function checkContentLength(content: string | undefined, maxMessageLength: number | undefined): Problem {
  return content === undefined ? undefined : atMost('content', content, maxMessageLength);
}

export function checkFailedScheduledEdit(scheduledDeliveryTimestamp: number | undefined, failed: boolean | undefined): Problem {
  if (failed !== true || scheduledDeliveryTimestamp !== undefined) return undefined;
  return 'scheduled_delivery_timestamp is required when editing a scheduled message that failed to send.';
}

/**
 * Changing a scheduled message's type needs `to`, and a change to a channel type needs `topic`.
 * `channel`/`stream` and `direct`/`private` are the same kind, so moving within one is no change.
 */
export function checkScheduledTypeChange(
  edit: { type?: MessageType; to?: number | number[]; topic?: string },
  currentType: MessageType | undefined,
): Problem {
  if (edit.type === undefined || currentType === undefined) return undefined;
  if (isChannelType(edit.type) === isChannelType(currentType)) return undefined;
  if (edit.to === undefined) return 'to is required when the type of a scheduled message changes.';
  if (isChannelType(edit.type) && edit.topic === undefined) {
    return 'topic is required when a scheduled message changes to a channel type.';
  }
  return undefined;
}

export function checkFlagOp(op: string): Problem {
  return oneOf('op', op, FLAG_OPS);
}

export function checkMessageFlag(flag: string): Problem {
  if ((USER_CHANGEABLE_FLAGS as readonly string[]).includes(flag)) return undefined;
  return `The flag "${flag}" cannot be changed directly; only ${USER_CHANGEABLE_FLAGS.join(', ')} can.`;
}

export function checkPushTokenKind(tokenKind: string): Problem {
  return oneOf('token_kind', tokenKind, PUSH_TOKEN_KINDS);
}
