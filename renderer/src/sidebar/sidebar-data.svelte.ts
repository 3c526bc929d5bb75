// What the sidebar shows, read from main: the channel tree, the topics of the channels opened,
// the direct conversations; each read again only when a change notice concerns it (a channel's
// topics when one of its conversations gained, lost or moved messages). Names go to the
// account's names too, for the main pane's titles.
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { channelKeyPrefix, DIRECT_KEY_PREFIX } from '../../../shared/conversation';
import type { SidebarChannels, SidebarDirect, SidebarTopic } from '../../../shared/ipc';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import type { AccountState } from '../account/context';
import { call, messageOf } from '../lib/ipc';
import { touching } from '../lib/query.svelte';

const channelsChanged = touching('channels', 'subscriptions', 'channel_folders');

/** A channel's newest topics read while it is open; all of them (as many as main gives) once asked for. */
export const TOPICS_READ = 200;
const TOPICS_ALL = 1_000;

/** Conversations whose messages came, went or moved (not those whose outbox alone changed). */
const withMessages = (changes: MirrorChanges): readonly string[] => (changes.changed.messages === undefined ? [] : changes.conversations);

export class SidebarData {
  tree = $state<SidebarChannels>({ folders: [], channels: [] });
  directs = $state<SidebarDirect[]>([]);
  /** The topics of each channel opened, by stream_id. */
  readonly topics = new SvelteMap<number, SidebarTopic[]>();
  /** The channels whose every topic was asked for ("All topics"): all of them are read and shown. */
  readonly wholeTopics = new SvelteSet<number>();
  error = $state<string | null>(null);
  readonly #account: AccountState;

  constructor(account: AccountState) {
    this.#account = account;
  }

  async #read<T>(read: () => Promise<T>, keep: (value: T) => void): Promise<void> {
    try {
      keep(await read());
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  loadChannels(): Promise<void> {
    return this.#read(
      () => call('sidebar.channels', undefined),
      (tree) => {
        this.tree = tree;
        for (const channel of tree.channels) this.#account.names.channels.set(channel.stream_id, channel.name);
      },
    );
  }

  loadDirects(): Promise<void> {
    return this.#read(
      () => call('sidebar.directs', {}),
      (directs) => {
        this.directs = directs;
        for (const direct of directs) this.#account.names.directs.set(direct.conversation, direct.title);
      },
    );
  }

  loadTopics(stream_id: number): Promise<void> {
    return this.#read(
      () => call('sidebar.topics', { stream_id, limit: this.wholeTopics.has(stream_id) ? TOPICS_ALL : TOPICS_READ }),
      (topics) => this.topics.set(stream_id, topics),
    );
  }

  /** Every topic of the channel, not only its newest TOPICS_READ. */
  loadAllTopics(stream_id: number): Promise<void> {
    this.wholeTopics.add(stream_id);
    return this.loadTopics(stream_id);
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

  /** Loads everything and follows the change notices; returns the stop. */
  follow(): () => void {
    void this.loadChannels();
    void this.loadDirects();
    return this.#account.changes.on((changes) => {
      if (channelsChanged(changes)) void this.loadChannels();
      const touched = withMessages(changes);
      if (changes.all || changes.changed.users !== undefined || touched.some((key) => key.startsWith(DIRECT_KEY_PREFIX))) void this.loadDirects();
      for (const stream_id of this.topics.keys()) {
        const prefix = channelKeyPrefix(stream_id);
        const preferences = (changes.changed.user_topics ?? []).some((key) => String(key).startsWith(`${stream_id}:`));
        const listed = changes.changed.topic_history?.includes(stream_id) ?? false;
        if (changes.all || preferences || listed || touched.some((key) => key.startsWith(prefix))) void this.loadTopics(stream_id);
      }
    });
  }
}
