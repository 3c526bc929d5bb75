// What the sidebar shows, read from main: the channel tree, the topics of the channels opened,
// the direct conversations; refreshed when main says the mirror changed. Names go to
// sidebarNames too, for the main pane's titles.
import { SvelteMap } from 'svelte/reactivity';
import type { SidebarChannels, SidebarDirect, SidebarTopic } from '../../../shared/ipc';
import { call, onMirrorChange } from '../lib/ipc';
import { sidebarNames } from './names.svelte';

export class SidebarData {
  tree = $state<SidebarChannels>({ folders: [], channels: [] });
  directs = $state<SidebarDirect[]>([]);
  /** The topics of each channel opened, by stream_id. */
  readonly topics = new SvelteMap<number, SidebarTopic[]>();
  error = $state<string | null>(null);

  async #read<T>(read: () => Promise<T>, keep: (value: T) => void): Promise<void> {
    try {
      keep(await read());
      this.error = null;
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  loadChannels(): Promise<void> {
    return this.#read(
      () => call('sidebar.channels', undefined),
      (tree) => {
        this.tree = tree;
        for (const channel of tree.channels) sidebarNames.channels.set(channel.stream_id, channel.name);
      },
    );
  }

  loadDirects(): Promise<void> {
    return this.#read(
      () => call('sidebar.directs', {}),
      (directs) => {
        this.directs = directs;
        for (const direct of directs) sidebarNames.directs.set(direct.conversation, direct.title);
      },
    );
  }

  loadTopics(stream_id: number): Promise<void> {
    return this.#read(
      () => call('sidebar.topics', { stream_id }),
      (topics) => this.topics.set(stream_id, topics),
    );
  }

  /** Online, main fetches the newest messages into the mirror, so read topics and conversations are known too. */
  refreshRecent(): Promise<void> {
    return this.#read(
      () => call('conversations.list', { refresh: true }),
      () => undefined,
    );
  }

  forgetTopics(stream_id: number): void {
    this.topics.delete(stream_id);
  }

  /** Loads everything and follows the mirror; returns the stop. */
  follow(): () => void {
    void this.loadChannels();
    void this.loadDirects();
    const reloadTopics = () => [...this.topics.keys()].forEach((id) => void this.loadTopics(id));
    const stops = [
      onMirrorChange(['channels', 'subscriptions', 'channel_folders'], () => void this.loadChannels()),
      onMirrorChange(['messages', 'unread', 'users'], () => void this.loadDirects()),
      onMirrorChange(['messages', 'unread', 'user_topics'], reloadTopics),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
