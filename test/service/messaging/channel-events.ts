// The notices real servers have Notification Bot post in a channel's "channel events" topic when
// the channel is created, renamed, described again or archived (their words, from zerver/actions/streams.py
// and zerver/views/streams.py); an organization without the bot gets none.
import type { Sim } from '../context';
import type { StreamRow, UserRow } from '../db/rows';
import { postNotice, silentMention } from './notification-bot';

const TOPIC = 'channel events';
const NO_DESCRIPTION = '*No description.*';

const quoted = (description: string): string => `\`\`\`\` quote\n${description === '' ? NO_DESCRIPTION : description}\n\`\`\`\``;

/** `readBy`: who receives it read (the creator of a channel, as the real server marks it). */
function postChannelEvent(sim: Sim, stream: StreamRow, content: string, readBy: readonly number[] = []): void {
  postNotice(sim, stream, TOPIC, content, { readBy });
}

/** The family's names of a channel's access policy (its Stream.PERMISSION_POLICIES). */
function policyName(stream: StreamRow): string {
  if (stream.invite_only !== 1) return 'Public';
  return stream.history_public_to_subscribers === 1 ? 'Private, shared history' : 'Private, protected history';
}

/** Once the subscribers are in; read for the creator. */
export function announceCreation(sim: Sim, creator: UserRow, stream: StreamRow): void {
  postChannelEvent(sim, stream, `**${policyName(stream)}** channel created by ${silentMention(creator)}. **Description:**\n${quoted(stream.description)}`, [creator.user_id]);
}

export function announceRename(sim: Sim, actor: UserRow, stream: StreamRow, oldName: string): void {
  postChannelEvent(sim, stream, `${silentMention(actor)} renamed channel **${oldName}** to **${stream.name}**.`);
}

export function announceDescription(sim: Sim, actor: UserRow, stream: StreamRow, oldDescription: string): void {
  postChannelEvent(
    sim,
    stream,
    `${silentMention(actor)} changed the description for this channel.\n\n* **Old description:**\n${quoted(oldDescription)}\n* **New description:**\n${quoted(stream.description)}`,
  );
}

/** Read for everyone (the real server's empty `limit_unread_user_ids`). */
export function announceArchive(sim: Sim, stream: StreamRow): void {
  postNotice(sim, stream, TOPIC, `Channel ${stream.name} has been archived.`, { unreadOnlyFor: new Set() });
}
