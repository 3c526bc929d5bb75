// The notices real servers have Notification Bot post about moved messages, in their words
// (zerver/actions/message_edit.py): in the topic the messages went to, unless the mover said not
// to, and in the one they left when the mover asked. Resolving or unresolving a topic posts "has
// marked this topic as resolved" instead, unread only for those who took part in the topic; undone
// within the grace period, it takes that notice back rather than posting another.
// Simplified: "visible" messages of a topic are all of its messages, whoever moves them.
import { nowSeconds, type Sim } from '../context';
import type { MessageRow, StreamRow, UserRow } from '../db/rows';
import { channelNarrow, encodeHashComponent } from '../render/links';
import { deleteMessage } from './delete';
import { notificationBot, postNotice, silentMention } from './notification-bot';

/** Real servers' RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS (production's; their development settings use 5). */
const RESOLVE_UNDO_GRACE_SECONDS = 60;

const RESOLVE_NOTICE = /^@_\*\*[^*]+\|\d+\*\* has marked this topic as (?:un)?resolved\.$/;

export interface MovedMessages {
  actor: UserRow;
  /** The message the request named. */
  target: MessageRow;
  from: { stream: StreamRow; topic: string };
  to: { stream: StreamRow; topic: string };
  /** Every message that moved. */
  moved: readonly MessageRow[];
  /** The whole topic moved (change_all), or nothing of it is left behind. */
  movedAll: boolean;
  /** A move that only marks the topic resolved or unresolved (its name with or without "✔ "). */
  resolution: 'resolved' | 'unresolved' | null;
  /** The request also edited the content (no resolve notice then). */
  contentEdited: boolean;
  notifyOldThread: boolean;
  notifyNewThread: boolean;
}

/** Posts what real servers post after a move, once its update_message event is out. */
export function announceMove(sim: Sim, move: MovedMessages): void {
  const streamChanged = move.from.stream.stream_id !== move.to.stream.stream_id;
  const topicChanged = move.from.topic !== move.to.topic;
  const resolveNotice = topicChanged && !streamChanged && !move.contentEdited && move.resolution !== null ? announceResolution(sim, move) : undefined;
  const user = silentMention(move.actor);
  const count = move.moved.length;
  if (move.notifyNewThread && (streamChanged || (topicChanged && move.resolution === null))) {
    const old_location = topicLink(move.from);
    const ids = new Set([...move.moved.map((row) => row.id), ...(resolveNotice === undefined ? [] : [resolveNotice])]);
    const preexisting = topicMessageIds(sim, move.to).some((id) => !ids.has(id));
    let content: string;
    if (!preexisting && move.movedAll) content = `This topic was moved here from ${old_location} by ${user}.`;
    else if (count === 1) content = `[A message](${messageLink(sim, move)}) was moved here from ${old_location} by ${user}.`;
    else content = `${count} messages were moved here from ${old_location} by ${user}.`;
    postNotice(sim, move.to.stream, move.to.topic, content);
  }
  if (move.notifyOldThread) {
    const new_location = topicLink(move.to);
    let content: string;
    if (move.movedAll) content = `This topic was moved to ${new_location} by ${user}.`;
    else if (count === 1) content = `A message was moved from this topic to ${new_location} by ${user}.`;
    else content = `${count} messages were moved from this topic to ${new_location} by ${user}.`;
    postNotice(sim, move.from.stream, move.from.topic, content);
  }
}

/** The resolve notice's id, when one was posted. */
function announceResolution(sim: Sim, move: MovedMessages): number | undefined {
  if (takeBackRecentResolveNotice(sim, move.to)) return undefined;
  const ids = move.moved.map((row) => row.id);
  const reactors = sim.db.prepare(`SELECT DISTINCT user_id FROM reactions WHERE message_id IN (${ids.map(() => '?').join(',')})`).pluck().all(...ids) as number[];
  const participants = new Set([...move.moved.map((row) => row.sender_id), ...reactors]);
  const content = `${silentMention(move.actor)} has marked this topic as ${move.resolution}.`;
  return postNotice(sim, move.to.stream, move.to.topic, content, { unreadOnlyFor: participants })?.id;
}

/** Undoing a resolve soon after: the notice it posted goes, and no other comes. */
function takeBackRecentResolveNotice(sim: Sim, place: { stream: StreamRow; topic: string }): boolean {
  const bot = notificationBot(sim);
  const last = sim.db.prepare('SELECT * FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE ORDER BY id DESC LIMIT 1').get(place.stream.stream_id, place.topic) as
    | MessageRow
    | undefined;
  if (bot === undefined || last === undefined || last.sender_id !== bot.user_id || !RESOLVE_NOTICE.test(last.content)) return false;
  if (nowSeconds() - last.timestamp > RESOLVE_UNDO_GRACE_SECONDS) return false;
  deleteMessage(sim, last);
  return true;
}

function topicMessageIds(sim: Sim, place: { stream: StreamRow; topic: string }): number[] {
  return sim.db.prepare('SELECT id FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE').pluck().all(place.stream.stream_id, place.topic) as number[];
}

const topicLink = (place: { stream: StreamRow; topic: string }): string => `#**${place.stream.name}>${place.topic}**`;

/** The family's `near_stream_message_url`: the named message where it is now, in the organization's URL. */
function messageLink(sim: Sim, move: MovedMessages): string {
  return `${sim.url}${channelNarrow(move.to.stream)}/topic/${encodeHashComponent(move.to.topic)}/near/${move.target.id}`;
}
