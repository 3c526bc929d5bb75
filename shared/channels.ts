// The channel as lists show it, shared by the mirror that reads it and the screens that show it.
import type { Channel } from './api/records';

/** What the channel list shows of a channel. */
export type ChannelSummary = Pick<Channel, 'stream_id' | 'name' | 'folder_id' | 'is_archived' | 'invite_only' | 'is_web_public' | 'rendered_description'>;

/**
 * The test of a channel filter (the sidebar's, Browse channels'): whether a name holds the typed
 * text, case aside. Made once per filter, then run on each of thousands of names.
 */
export function channelNameFilter(filter: string): (name: string) => boolean {
  const needle = filter.trim().toLocaleLowerCase();
  return needle === '' ? () => true : (name) => name.toLocaleLowerCase().includes(needle);
}
