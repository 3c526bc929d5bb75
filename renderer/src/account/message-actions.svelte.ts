// What every message's actions share, loaded once per account (not at each conversation opened) and
// read again when the organization changes: the editing rules, the emoji the picker offers
// (recently used, Unicode, the organization's custom emoji), and a clock for the time limits.
import type { MessageEditRules } from '../../../shared/ipc';
import { UNICODE_EMOJI } from '../../../shared/emoji/unicode';
import { call } from '../lib/ipc';
import { Query } from '../lib/query.svelte';
import { choice, emojiKey, type EmojiChoice } from '../screens/conversations/emoji-choice';
import type { ChangeStream } from './changes';
import type { CustomEmojiImages } from './custom-emoji.svelte';

/** How often the time limits are looked at again. */
const CLOCK_MS = 15_000;

export class MessageActions {
  readonly #rules = new Query<MessageEditRules | null>(() => call('messages.editRules', undefined));
  readonly #recent = new Query<EmojiChoice[]>(async () => (await call('emoji.recent', undefined)).map((e) => choice(e.emoji_name, e.emoji_code, e.reaction_type)));
  readonly rules = $derived(this.#rules.value ?? null);
  /** The user's recently used emoji, most recent first. */
  readonly recent = $derived(this.#recent.value ?? []);
  /** Seconds since the epoch, refreshed every CLOCK_MS. */
  now = $state(Math.floor(Date.now() / 1000));
  readonly #clock: ReturnType<typeof setInterval>;
  readonly #stop: () => void;
  readonly #customEmoji: CustomEmojiImages;

  /** Every emoji the picker offers, recently used first, each once. */
  readonly choices = $derived.by(() => {
    const byKey: Record<string, EmojiChoice> = {};
    for (const emoji of [...(this.#recent.value ?? []), ...UNICODE_EMOJI.map((e) => choice(e.emoji_name, e.emoji_code, 'unicode_emoji')), ...this.#customEmoji.active.map((e) => choice(e.emoji_name, e.emoji_code, 'realm_emoji'))]) {
      byKey[emojiKey(emoji)] ??= emoji;
    }
    // Insertion order: recently used first.
    return Object.values(byKey);
  });

  constructor(changes: ChangeStream, customEmoji: CustomEmojiImages) {
    this.#customEmoji = customEmoji;
    this.#stop = changes.on((notice) => {
      if (!notice.all && notice.changed.realm === undefined && notice.changed.users === undefined) return;
      void this.#rules.refresh();
    });
    this.#clock = setInterval(() => (this.now = Math.floor(Date.now() / 1000)), CLOCK_MS);
    void this.#rules.refresh();
    void this.#recent.refresh();
  }

  /** The user's recently used emoji, as their reactions in the mirror say (made elsewhere too). */
  refreshRecent(): Promise<void> {
    return this.#recent.refresh();
  }

  /** A picked emoji goes first among the recent ones at once. */
  used(emoji: EmojiChoice): void {
    this.#recent.set([emoji, ...(this.#recent.value ?? []).filter((other) => emojiKey(other) !== emojiKey(emoji))]);
  }

  dispose(): void {
    this.#stop();
    clearInterval(this.#clock);
    for (const query of [this.#rules, this.#recent]) query.release();
  }
}
