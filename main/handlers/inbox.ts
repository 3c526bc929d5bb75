// The Inbox, from the mirror (offline too): the unread counts outside muted conversations, grouped
// direct messages first, then by channel in the sidebar's order (folders in the organization's
// order, then the channels in no folder, by name), newest unread first inside a group.
import { parseConversation } from '../../shared/conversation';
import { directTitle, topicLabel } from '../../shared/conversation-title';
import type { Inbox, InboxConversation, InboxGroup } from '../../shared/inbox';
import { channelsTable, subscribedChannelTree } from '../store/channels';
import { getRecord } from '../store/keyed-table';
import type { UnreadCounts } from '../../shared/unread-counts';
import { emptyTopicOf } from '../store/realm';
import { newestUnreadPreviews } from '../store/unread';
import { userName } from '../store/users';
import type { MirrorDatabase } from '../store/database';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

/** Each subscribed channel's place in the sidebar. */
function sidebarOrder(db: MirrorDatabase): Map<number, number> {
  // Only the order is read here, not what the channels take.
  const tree = subscribedChannelTree(db, null);
  const folders = new Map(tree.folders.map((folder, index) => [folder.channel_folder_id, index]));
  const place = (folder_id: number | null) => (folder_id !== null && folders.has(folder_id) ? folders.get(folder_id)! : folders.size);
  const ordered = tree.channels.map((entry, index) => ({ stream_id: entry.stream_id, folder: place(entry.folder_id), index }));
  ordered.sort((a, b) => a.folder - b.folder || a.index - b.index);
  return new Map(ordered.map((entry, index) => [entry.stream_id, index]));
}

/** The Inbox of the unread counts the session counted last (not counted again for it). */
export function inboxOf(db: MirrorDatabase, own_user_id: number, counts: UnreadCounts): Inbox {
  const previews = newestUnreadPreviews(db);
  const order = sidebarOrder(db);
  const emptyTopic = emptyTopicOf(db);
  const groups = new Map<'direct' | number, InboxGroup>();
  for (const entry of counts.conversations) {
    if (entry.muted) continue;
    const target = parseConversation(entry.conversation);
    if (!target) continue;
    const key = target.kind === 'direct' ? 'direct' : target.stream_id;
    let group = groups.get(key);
    if (!group) {
      const name = target.kind === 'direct' ? 'Direct messages' : (getRecord(db, channelsTable, target.stream_id)?.name ?? `channel ${target.stream_id}`);
      group = { key, name, unread: 0, mentions: 0, conversations: [] };
      groups.set(key, group);
    }
    // Under its channel's heading, a topic is named alone.
    const title = target.kind === 'channel' ? topicLabel(target.topic, emptyTopic) : directTitle(target.user_ids, own_user_id, (id) => userName(db, id));
    const row: InboxConversation = {
      conversation: entry.conversation,
      title,
      unread: entry.unread,
      mentions: entry.mentions,
      followed: entry.followed,
      newest_message_id: entry.newest_message_id,
      newest: previews.get(entry.conversation) ?? null,
    };
    // unreadCounts lists newest unread first, so each group keeps that order.
    group.conversations.push(row);
    group.unread += entry.unread;
    group.mentions += entry.mentions;
  }
  const rank = (key: 'direct' | number) => (key === 'direct' ? -1 : (order.get(key) ?? order.size));
  return { groups: [...groups.values()].sort((a, b) => rank(a.key) - rank(b.key) || a.name.localeCompare(b.name)) };
}

export function inboxHandlers(context: CoreContext): AreaHandlers<'inbox.list'> {
  return {
    'inbox.list': () => {
      const session = context.activeSession();
      return inboxOf(session.db, session.account.user_id, session.unread.counts());
    },
  };
}
