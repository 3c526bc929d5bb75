// The sidebar's channels grouped by channel folder (folders in their order, then the channels in
// none), narrowed by the filter box and capped, with the unread counts that are not muted.
import { channelNameFilter } from '../../../shared/channels';
import type { SidebarChannel, SidebarChannels, UnreadConversation, UnreadCounts } from '../../../shared/ipc';

export interface ChannelGroup {
  key: string;
  name: string;
  channels: SidebarChannel[];
}

export interface ShownChannels {
  groups: ChannelGroup[];
  /** Channels matching the filter beyond the cap. */
  hidden: number;
}

export function groupChannels(tree: SidebarChannels, filter: string, cap: number): ShownChannels {
  const matches = channelNameFilter(filter);
  const matching = filter.trim() === '' ? tree.channels : tree.channels.filter((c) => matches(c.name));
  const known = new Set(tree.folders.map((f) => f.channel_folder_id));
  const all: ChannelGroup[] = [
    ...tree.folders.map((f) => ({ key: `folder:${f.channel_folder_id}`, name: f.name, channels: matching.filter((c) => c.folder_id === f.channel_folder_id) })),
    { key: 'folder:none', name: tree.folders.length > 0 ? 'Other channels' : 'Channels', channels: matching.filter((c) => c.folder_id === null || !known.has(c.folder_id)) },
  ];
  let room = cap;
  const groups = all.flatMap((group) => {
    const channels = group.channels.slice(0, Math.max(room, 0));
    room -= channels.length;
    return channels.length > 0 ? [{ ...group, channels }] : [];
  });
  return { groups, hidden: Math.max(matching.length - cap, 0) };
}

export interface UnreadIndex {
  /** By conversation key. */
  conversations: Map<string, UnreadConversation>;
  /** By stream_id: the unread messages outside muted topics. */
  channels: Map<number, number>;
}

export function indexUnread(counts: UnreadCounts): UnreadIndex {
  const conversations = new Map(counts.conversations.map((c) => [c.conversation, c]));
  const channels = new Map<number, number>();
  for (const c of counts.conversations) {
    if (c.stream_id === null || c.muted) continue;
    channels.set(c.stream_id, (channels.get(c.stream_id) ?? 0) + c.unread);
  }
  return { conversations, channels };
}
