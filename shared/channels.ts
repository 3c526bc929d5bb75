// The channel as lists show it, shared by the mirror that reads it and the screens that show it.
import type { Channel } from './api/records';

/** What the channel list shows of a channel. */
export type ChannelSummary = Pick<Channel, 'stream_id' | 'name' | 'folder_id' | 'is_archived' | 'invite_only' | 'is_web_public' | 'rendered_description'>;

/** Whether a channel's name holds the text typed into a channel filter (the sidebar's, Browse channels'), case aside. */
export function channelNameMatches(name: string, filter: string): boolean {
  const needle = filter.trim().toLocaleLowerCase();
  return needle === '' || name.toLocaleLowerCase().includes(needle);
}
