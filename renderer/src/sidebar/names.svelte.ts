// The names the sidebar has read (channels by id, direct conversations by key), so the main pane
// can title a conversation that is not cached yet the way the sidebar lists it.
import { SvelteMap } from 'svelte/reactivity';
import type { ConversationKey } from '../../../shared/conversation';

class SidebarNames {
  readonly channels = new SvelteMap<number, string>();
  readonly directs = new SvelteMap<ConversationKey, string>();

  channel(stream_id: number): string {
    return this.channels.get(stream_id) ?? `channel ${stream_id}`;
  }

  direct(conversation: ConversationKey): string {
    return this.directs.get(conversation) ?? 'Direct message';
  }
}

export const sidebarNames = new SidebarNames();
