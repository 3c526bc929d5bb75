// Moving channel messages to another topic or channel (PATCH /messages/{id} with `topic` and/or
// `stream_id`), as real servers of the family do it: the one message, it and the later ones of
// its topic, or the whole topic (propagate_mode); resolving a topic is a move to its name with the
// "✔ " prefix, allowed by its own permission and not counted as a move. The organization's
// permissions and time limits apply (not to administrators and moderators), and every user who
// can see the messages gets one update_message event; Notification Bot's notices follow
// (messaging/move-notices.ts).
import { canAccessChannelContent, getStream } from '../access';
import { nowSeconds, type Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import type { MessageChange } from '../editHistory/store';
import { messageAudience } from '../events/audience';
import { inSystemGroup, SYSTEM_GROUP } from '../groups';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import { topicLinks } from '../linkify';
import { announceMove } from '../messaging/move-notices';
import { channelRecipientId } from '../messaging/send';
import { REALM_PERMISSIONS } from '../permissions';
import { viewerFlags } from '../records/message';
import { messageTopic } from '../topics';

export const RESOLVED_TOPIC_PREFIX = '✔ ';
/** The name real servers give the empty topic when it is spelled out. */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';
const PROPAGATE_MODES = ['change_one', 'change_later', 'change_all'] as const;
type PropagateMode = (typeof PROPAGATE_MODES)[number];

/** The organization's move time limits, as registration announces them (real servers' defaults: a week). */
export const MESSAGE_MOVING = {
  realm_move_messages_within_stream_limit_seconds: 604_800,
  realm_move_messages_between_streams_limit_seconds: 604_800,
} as const satisfies Record<string, number | null>;

/** Real servers allow a few seconds past a limit for the request to arrive. */
const LIMIT_BUFFER_SECONDS = 20;

export interface MoveRequest {
  /** The new topic, when it differs from the message's. */
  topic: string | undefined;
  /** The topic as sent, trimmed (resolving is judged on it, before any shortening). */
  requestedTopic: string | undefined;
  stream_id: number | undefined;
  propagate_mode: PropagateMode;
  /** The request also edits the content. */
  contentEdited: boolean;
  /** Whether Notification Bot says so in the topic left (real servers' default: no) and the one reached (yes). */
  notifyOldThread: boolean;
  notifyNewThread: boolean;
}

/** The move a request asks for (nothing to move when neither topic nor channel changes). */
export function moveRequest(sim: Sim, message: MessageRow, params: Params): MoveRequest {
  const mode = params.string('propagate_mode') ?? 'change_one';
  const propagate_mode = PROPAGATE_MODES.find((candidate) => candidate === mode);
  if (propagate_mode === undefined) throw badRequest('Invalid propagate_mode');
  const sent = params.string('topic');
  const requestedTopic = sent?.trim();
  const normalized = requestedTopic === undefined ? undefined : messageTopic(requestedTopic === EMPTY_TOPIC_FALLBACK_NAME ? '' : requestedTopic, sim.realm().empty_topic_display_name);
  return {
    topic: normalized === message.topic ? undefined : normalized,
    requestedTopic,
    stream_id: params.int('stream_id'),
    propagate_mode,
    contentEdited: params.string('content') !== undefined,
    notifyOldThread: params.bool('send_notification_to_old_thread') ?? false,
    notifyNewThread: params.bool('send_notification_to_new_thread') ?? true,
  };
}

export const isMove = (move: MoveRequest): boolean => move.topic !== undefined || move.stream_id !== undefined;

/** Whether the request is well formed (real servers check this before any permission). */
export function checkMovePayload(message: MessageRow, move: MoveRequest, content: string | undefined): void {
  if (move.topic === undefined && content === undefined && move.stream_id === undefined) throw badRequest('Nothing to change');
  if (message.type !== 'stream') {
    if (move.stream_id !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (move.topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (move.propagate_mode !== 'change_one' && move.topic === undefined && move.stream_id === undefined) throw badRequest('Invalid propagate_mode without topic edit');
  if (move.topic !== undefined && [RESOLVED_TOPIC_PREFIX.trim(), `${RESOLVED_TOPIC_PREFIX}${EMPTY_TOPIC_FALLBACK_NAME}`].includes(move.topic)) {
    throw badRequest('General chat cannot be marked as resolved');
  }
  if (move.stream_id !== undefined && content !== undefined) throw badRequest('Cannot change message content while changing channel');
}

/** Whether the new topic name only resolves or unresolves the topic. */
function resolution(message: MessageRow, move: MoveRequest): 'resolved' | 'unresolved' | null {
  const before = message.topic;
  const after = move.topic;
  if (after === undefined || move.requestedTopic === undefined) return null;
  if (after.startsWith(RESOLVED_TOPIC_PREFIX) && !before.startsWith(RESOLVED_TOPIC_PREFIX) && move.requestedTopic.slice(RESOLVED_TOPIC_PREFIX.length) === before) return 'resolved';
  if (before.startsWith(RESOLVED_TOPIC_PREFIX) && !after.startsWith(RESOLVED_TOPIC_PREFIX) && before.replace(/^[✔ ]+/u, '') === after) return 'unresolved';
  return null;
}

/** Only resolves or unresolves the topic: the resolve permission, no time limit, not a move. */
const resolveToggle = (message: MessageRow, move: MoveRequest): boolean => resolution(message, move) !== null;

const exempt = (user: UserRow): boolean => inSystemGroup(user, SYSTEM_GROUP.moderators);
const olderThan = (message: MessageRow, limit: number | null): boolean => limit !== null && nowSeconds() - message.timestamp > limit + LIMIT_BUFFER_SECONDS;

/** The messages the move takes, oldest first. */
function movedMessages(sim: Sim, message: MessageRow, mode: PropagateMode): MessageRow[] {
  if (mode === 'change_one') return [message];
  const later = mode === 'change_later' ? message.id : 0;
  return sim.db.prepare('SELECT * FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE AND id >= ? ORDER BY id').all(message.stream_id, message.topic, later) as MessageRow[];
}

/** Refuses the move as real servers would, with their words. */
export function checkCanMove(sim: Sim, user: UserRow, message: MessageRow, move: MoveRequest): void {
  if (move.topic !== undefined) {
    if (resolveToggle(message, move)) {
      if (!inSystemGroup(user, REALM_PERMISSIONS.realm_can_resolve_topics_group)) throw badRequest("You don't have permission to resolve topics.");
    } else {
      if (!inSystemGroup(user, REALM_PERMISSIONS.realm_can_move_messages_between_topics_group)) throw badRequest("You don't have permission to edit this message");
      if (!exempt(user) && olderThan(message, MESSAGE_MOVING.realm_move_messages_within_stream_limit_seconds)) {
        throw badRequest("The time limit for editing this message's topic has passed.");
      }
    }
  }
  if (move.stream_id !== undefined) {
    const target = getStream(sim.db, move.stream_id);
    if (target === undefined || target.is_archived === 1 || !canAccessChannelContent(sim.db, user, target)) throw badRequest('Invalid channel ID');
    if (!inSystemGroup(user, REALM_PERMISSIONS.realm_can_move_messages_between_channels_group)) throw badRequest("You don't have permission to move this message");
    if (!exempt(user) && olderThan(message, MESSAGE_MOVING.realm_move_messages_between_streams_limit_seconds)) {
      throw badRequest("The time limit for editing this message's channel has passed");
    }
  }
  if (move.propagate_mode === 'change_all' && !exempt(user) && !resolveToggle(message, move)) checkWholeTopicWithinLimit(sim, message, move);
}

/** A whole topic moves only when all of its messages are within the limits that apply. */
function checkWholeTopicWithinLimit(sim: Sim, message: MessageRow, move: MoveRequest): void {
  const limits: number[] = [];
  if (move.topic !== undefined) limits.push(MESSAGE_MOVING.realm_move_messages_within_stream_limit_seconds);
  if (move.stream_id !== undefined) limits.push(MESSAGE_MOVING.realm_move_messages_between_streams_limit_seconds);
  if (limits.length === 0) return;
  const limit = Math.min(...limits);
  const topic = movedMessages(sim, message, 'change_all');
  const allowed = topic.filter((candidate) => !olderThan(candidate, limit));
  if (allowed.length === topic.length) return;
  throw new ApiError(
    400,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${topic.length} most recent messages in this topic.`,
    { first_message_id_allowed_to_move: allowed[0]?.id ?? null, total_messages_in_topic: topic.length, total_messages_allowed_to_move: allowed.length },
  );
}

/**
 * Moves the messages and tells everyone who can see them, in one update_message event; answers
 * what changed of each message, for its history (resolving a topic is kept there too).
 */
export function applyMove(sim: Sim, user: UserRow, message: MessageRow, move: MoveRequest, timestamp: number): Map<number, MessageChange> {
  const moved = movedMessages(sim, message, move.propagate_mode);
  const topic = move.topic ?? message.topic;
  const stream_id = move.stream_id ?? message.stream_id;
  const countsAsMove = move.stream_id !== undefined || !resolveToggle(message, move);
  // Those who could see the messages where they were, before they leave.
  const audience = new Set(moved.flatMap((row) => messageAudience(sim, row)));
  sim.db.transaction(() => {
    const update = sim.db.prepare('UPDATE messages SET stream_id = ?, recipient_id = ?, topic = ?, last_moved_timestamp = coalesce(?, last_moved_timestamp) WHERE id = ?');
    for (const row of moved) update.run(stream_id, channelRecipientId(stream_id ?? 0), topic, countsAsMove ? timestamp : null, row.id);
  })();
  for (const row of moved) for (const id of messageAudience(sim, { ...row, stream_id })) audience.add(id);
  const origin = message.stream_id === null ? undefined : getStream(sim.db, message.stream_id);
  const event = {
    type: 'update_message',
    user_id: user.user_id,
    edit_timestamp: timestamp,
    message_id: message.id,
    message_ids: moved.map((row) => row.id),
    rendering_only: false,
    stream_name: origin?.name ?? '',
    stream_id: message.stream_id,
    propagate_mode: move.propagate_mode,
    orig_subject: message.topic,
    ...(move.topic !== undefined && { subject: move.topic, topic_links: topicLinks(sim.db, move.topic) }),
    ...(move.stream_id !== undefined && { new_stream_id: move.stream_id }),
  };
  sim.queues.publish(audience, (queue) => ({ ...event, flags: viewerFlags(sim.db, queue.userId, message.id) }));
  const target = getStream(sim.db, stream_id ?? 0);
  if (origin !== undefined && target !== undefined) {
    const left = sim.db.prepare('SELECT count(*) FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE').pluck().get(origin.stream_id, message.topic) as number;
    announceMove(sim, {
      actor: user,
      target: message,
      from: { stream: origin, topic: message.topic },
      to: { stream: target, topic },
      moved,
      movedAll: move.propagate_mode === 'change_all' || left === 0,
      resolution: resolution(message, move),
      contentEdited: move.contentEdited,
      notifyOldThread: move.notifyOldThread,
      notifyNewThread: move.notifyNewThread,
    });
  }
  return new Map(moved.map((row) => [row.id, movedChange(row, topic, stream_id)]));
}

function movedChange(row: MessageRow, topic: string, streamId: number | null): MessageChange {
  return {
    ...(row.topic !== topic && { prev_topic: row.topic, topic }),
    ...(row.stream_id !== null && streamId !== null && row.stream_id !== streamId && { prev_stream: row.stream_id, stream: streamId }),
  };
}
