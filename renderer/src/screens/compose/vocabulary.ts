// The names the compose box completes, from the mirror: people (searched as typed), subscribed
// channels and their topics (cached or unread), unicode and custom emoji, the wildcard mentions
// the user's role may use, and the commands a message may start with.
import type { ComposeVocabulary, SidebarTopic } from '../../../../shared/ipc';
import type { CustomEmojiImages } from '../../account/context';
import { visibleEmail } from '../../../../shared/email-addresses';
import { call } from '../../lib/ipc';
import { channelMarkup, commandMarkup, COMMANDS, emojiMarkup, mentionMarkup, rank, topicMarkup, type Suggestion, type Trigger } from './autocomplete';
import { UNICODE_EMOJI_NAMES, unicodeGlyph } from '../../../../shared/emoji/unicode';

/** Wildcard mentions and where they mean something: the topic and channel ones only in a channel. */
const WILDCARDS = [
  { name: 'all', detail: 'Notify everyone here', channelOnly: false },
  { name: 'everyone', detail: 'Notify everyone here', channelOnly: false },
  { name: 'channel', detail: 'Notify the channel', channelOnly: true },
  { name: 'topic', detail: 'Notify those in this topic', channelOnly: true },
];

/** The topics of a channel offered: its most recently active, as many as the sidebar can list. */
const TOPICS = 1_000;

export class Vocabulary {
  #channels: { stream_id: number; name: string }[] = [];
  /** Per channel, asked of main when one of its topics is first completed in this box. */
  #topics = new Map<number, Promise<SidebarTopic[]>>();
  #extra: ComposeVocabulary = { wildcard_mentions: false };
  #loaded: Promise<void> | undefined;

  constructor(
    private readonly inChannel: boolean,
    /** The account's custom emoji, with their images. */
    private readonly customEmoji: CustomEmojiImages,
  ) {}

  /** Reads what the mirror holds, once per compose box. */
  load(): Promise<void> {
    this.#loaded ??= Promise.all([
      call('channels.list', { include_subscribed: true, include_public: false }).then((listing) => {
        this.#channels = listing.channels.filter((c) => c.subscribed && !c.is_archived).map(({ stream_id, name }) => ({ stream_id, name }));
      }),
      call('compose.vocabulary', undefined).then((extra) => (this.#extra = extra)),
    ]).then(
      () => undefined,
      () => undefined,
    );
    return this.#loaded;
  }

  async suggest(trigger: Trigger): Promise<Suggestion[]> {
    await this.load();
    switch (trigger.kind) {
      case 'person':
        return this.#people(trigger.query);
      case 'channel':
        return rank(this.#channels, trigger.query, (c) => c.name).map((c) => ({ id: `channel-${c.stream_id}`, label: `#${c.name}`, insert: channelMarkup(c.name) }));
      case 'topic': {
        const channel = this.#channels.find((c) => c.name.toLowerCase() === trigger.channel.trim().toLowerCase());
        if (!channel) return [];
        return rank(await this.#topicsOf(channel.stream_id), trigger.query, (t) => t.topic).map((t) => ({
          id: `topic-${channel.stream_id}-${t.topic}`,
          label: t.topic,
          detail: `#${channel.name}`,
          insert: topicMarkup(channel.name, t.topic),
        }));
      }
      case 'emoji':
        return this.#emoji(trigger.query);
      case 'command':
        return rank(COMMANDS, trigger.query, (c) => c.name).map((c) => ({ id: `command-${c.name}`, label: `/${c.name}`, detail: c.does, insert: commandMarkup(c.name) }));
    }
  }

  /** One channel's topics rather than every cached conversation, which a large mirror holds by the hundred thousand. */
  #topicsOf(stream_id: number): Promise<SidebarTopic[]> {
    let topics = this.#topics.get(stream_id);
    if (topics === undefined) {
      topics = call('sidebar.topics', { stream_id, limit: TOPICS }).catch(() => {
        // Asked again next time rather than kept empty.
        this.#topics.delete(stream_id);
        return [];
      });
      this.#topics.set(stream_id, topics);
    }
    return topics;
  }

  async #people(query: string): Promise<Suggestion[]> {
    const { users } = await call('users.search', { text: query.trim(), limit: 8 });
    const wildcards = this.#extra.wildcard_mentions ? rank(WILDCARDS.filter((w) => this.inChannel || !w.channelOnly), query, (w) => w.name) : [];
    return [
      ...users.map((u) => ({ id: `user-${u.user_id}`, label: u.full_name, detail: visibleEmail(u), insert: mentionMarkup(u.full_name) })),
      ...wildcards.map((w) => ({ id: `wildcard-${w.name}`, label: `@${w.name}`, detail: w.detail, insert: mentionMarkup(w.name) })),
    ];
  }

  #emoji(query: string): Suggestion[] {
    const unicode = UNICODE_EMOJI_NAMES.map((e) => ({ name: e.emoji_name, glyph: unicodeGlyph(e.emoji_code), image: null, custom: false }));
    const custom = this.customEmoji.active.map((e) => ({ name: e.emoji_name, glyph: undefined, image: this.customEmoji.src(e.emoji_code), custom: true }));
    return rank([...custom, ...unicode], query, (e) => e.name).map((e) => ({
      id: `emoji-${e.name}`,
      label: `:${e.name}:`,
      ...(e.glyph !== undefined && { glyph: e.glyph }),
      ...(e.image !== null && { image: e.image }),
      ...(e.custom && { detail: 'Custom emoji' }),
      insert: emojiMarkup(e.name),
    }));
  }
}
