// Notification Bot, who posts the notices real servers send about what someone did (a channel
// created or renamed, a topic moved or resolved), and how those notices name that someone.
import type { Sim } from '../context';
import type { StreamRow, UserRow } from '../db/rows';
import { sendMessage, type SendOptions } from './send';

/** The organization's Notification Bot; an organization without it gets no notices. */
export function notificationBot(sim: Sim): UserRow | undefined {
  return sim.db.prepare("SELECT * FROM users WHERE is_bot = 1 AND full_name = 'Notification Bot'").get() as UserRow | undefined;
}

/** The family's `silent_mention_syntax_for_user`. */
export const silentMention = (user: UserRow): string => `@_**${user.full_name}|${user.user_id}**`;

/** Posts a notice in a channel's topic as Notification Bot; the message, or undefined without the bot. */
export function postNotice(sim: Sim, stream: StreamRow, topic: string, content: string, options: Omit<SendOptions, 'client' | 'readBySender'> = {}) {
  const bot = notificationBot(sim);
  if (bot === undefined) return undefined;
  return sendMessage(sim, bot, { type: 'stream', stream, topic }, content, { client: 'Internal', readBySender: true, ...options });
}
