// Whether the user may edit or delete a message, from the organization's settings as the mirror
// holds them: the app hides what is not allowed and says why when only the time limit stands in
// the way. The server decides in the end; its refusal is shown next to the message.

export interface MessageEditRules {
  user_id: number;
  /** realm_allow_message_editing. */
  allow_message_editing: boolean;
  /** realm_message_content_edit_limit_seconds; null (or 0 on older servers): no limit. */
  edit_limit_seconds: number | null;
  /** realm_message_content_delete_limit_seconds; null: no limit. */
  delete_limit_seconds: number | null;
  /** The user is in realm_can_delete_own_message_group. */
  can_delete_own: boolean;
  /** The user is in realm_can_delete_any_message_group (no time limit applies). */
  can_delete_any: boolean;
  /** The user is in realm_can_move_messages_between_topics_group: renames topics, moves messages to another topic. */
  can_move_topics: boolean;
  /** The user is in realm_can_move_messages_between_channels_group. */
  can_move_channels: boolean;
  /** The user is in realm_can_resolve_topics_group. */
  can_resolve: boolean;
  /** Administrators and moderators: the move time limits do not apply to them. */
  moves_unlimited: boolean;
  /** realm_move_messages_within_stream_limit_seconds; null: no limit. */
  move_within_limit_seconds: number | null;
  /** realm_move_messages_between_streams_limit_seconds; null: no limit. */
  move_between_limit_seconds: number | null;
  /** Whose edit history may be read: realm_message_edit_history_visibility_policy (or, before it, realm_allow_edit_history). */
  edit_history: EditHistoryVisibility;
  /** realm_enable_read_receipts: members may see who read a message. */
  read_receipts: boolean;
}

/** "moves": only topic and channel moves are shown, not content edits. */
export type EditHistoryVisibility = 'all' | 'moves' | 'none';

/** Whether a message's edit history is worth offering: the organization shows it, and the message has some. */
export function historyOffered(rules: Pick<MessageEditRules, 'edit_history'>, message: { last_edit_timestamp?: number; last_moved_timestamp?: number }): boolean {
  if (rules.edit_history === 'none') return false;
  if (message.last_moved_timestamp !== undefined) return true;
  return rules.edit_history === 'all' && message.last_edit_timestamp !== undefined;
}

/** allowed; or not offered at all (hidden); or offered no longer, with the reason to show. */
export type ActionPermission = { state: 'allowed' } | { state: 'hidden' } | { state: 'expired'; reason: string };

interface SentMessage {
  sender_id: number;
  timestamp: number;
}

const ALLOWED: ActionPermission = { state: 'allowed' };
const HIDDEN: ActionPermission = { state: 'hidden' };

function withinLimit(message: SentMessage, limit: number | null, now: number, action: string): ActionPermission {
  if (limit === null || limit <= 0 || now - message.timestamp <= limit) return ALLOWED;
  return { state: 'expired', reason: `The organization allows ${action} for ${describeSeconds(limit)} after sending.` };
}

export function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day');
  if (seconds % 3_600 === 0) return plural(seconds / 3_600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Only the sender edits a message's content, where the organization allows editing. */
export function editPermission(rules: MessageEditRules, message: SentMessage, now: number): ActionPermission {
  if (!rules.allow_message_editing || message.sender_id !== rules.user_id) return HIDDEN;
  return withinLimit(message, rules.edit_limit_seconds, now, 'editing a message');
}

export function deletePermission(rules: MessageEditRules, message: SentMessage, now: number): ActionPermission {
  if (rules.can_delete_any) return ALLOWED;
  if (!rules.can_delete_own || message.sender_id !== rules.user_id) return HIDDEN;
  return withinLimit(message, rules.delete_limit_seconds, now, 'deleting a message');
}

/** What may be done to a topic's messages; the server decides in the end, as with edits. */
export type TopicAction = 'resolve' | 'rename' | 'move-channel';

/** Allowed, or refused with the reason to show where the action is offered. */
export type TopicPermission = { allowed: true } | { allowed: false; reason: string };

const REFUSED: Record<TopicAction, string> = {
  resolve: 'The organization does not let you resolve topics.',
  rename: 'The organization does not let you rename topics or move messages to another topic.',
  'move-channel': 'The organization does not let you move messages to another channel.',
};

/**
 * Whether the user may resolve (or unresolve) a topic, rename it (move messages to another topic)
 * or move messages to another channel, given the newest message the move takes. Resolving has no
 * time limit; moves have the organization's, except for administrators and moderators.
 */
export function topicPermission(rules: MessageEditRules, action: TopicAction, message: SentMessage, now: number): TopicPermission {
  const allowed = action === 'resolve' ? rules.can_resolve : action === 'rename' ? rules.can_move_topics : rules.can_move_channels;
  if (!allowed) return { allowed: false, reason: REFUSED[action] };
  if (action === 'resolve' || rules.moves_unlimited) return { allowed: true };
  const limit = action === 'rename' ? rules.move_within_limit_seconds : rules.move_between_limit_seconds;
  const within = withinLimit(message, limit, now, action === 'rename' ? 'moving a message to another topic' : 'moving a message to another channel');
  return within.state === 'expired' ? { allowed: false, reason: within.reason } : { allowed: true };
}
