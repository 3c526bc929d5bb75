// What every message's actions share, loaded once per account (not at each conversation opened) and
// read again when the organization changes: the editing rules, the emoji the picker offers
// (recently used, Unicode, the organization's custom emoji), the names of those who reacted, and a
// clock for the time limits.
import { SvelteMap } from 'svelte/reactivity';
import type { ReactionType } from '../../../../shared/api/records';
import { UNICODE_EMOJI, unicodeGlyph } from '../../../../shared/emoji/unicode';
import type { EmojiRef, MessageEditRules } from '../../../../shared/ipc';
import { call, onMirrorChange } from '../../lib/ipc';

export interface EmojiChoice extends EmojiRef {
  /** The character(s) of a Unicode emoji; custom ones show their name. */
  glyph: string | undefined;
}

/** One entry of a message's actions menu. */
export interface MenuItem {
  label: string;
  testid: string;
  run: () => void;
  /** Why it cannot be used now; undefined when it can. */
  disabledReason?: string | undefined;
}

const key = (emoji: Pick<EmojiRef, 'reaction_type' | 'emoji_code'>): string => `${emoji.reaction_type}:${emoji.emoji_code}`;

export function choice(emoji_name: string, emoji_code: string, reaction_type: ReactionType): EmojiChoice {
  return { emoji_name, emoji_code, reaction_type, glyph: reaction_type === 'unicode_emoji' ? unicodeGlyph(emoji_code) : undefined };
}

/** How often the time limits are looked at again. */
const CLOCK_MS = 15_000;

class MessageActionsState {
  rules = $state<MessageEditRules | null>(null);
  recent = $state<EmojiChoice[]>([]);
  custom = $state<EmojiChoice[]>([]);
  /** Seconds since the epoch, refreshed every CLOCK_MS. */
  now = $state(Math.floor(Date.now() / 1000));
  readonly names = new SvelteMap<number, string>();
  #asked = new Set<number>();
  #users = 0;
  #stop: (() => void) | undefined;

  /** Every emoji the picker offers, recently used first, each once. */
  readonly choices = $derived.by(() => {
    const byKey: Record<string, EmojiChoice> = {};
    for (const emoji of [...this.recent, ...UNICODE_EMOJI.map((e) => choice(e.emoji_name, e.emoji_code, 'unicode_emoji')), ...this.custom]) {
      byKey[key(emoji)] ??= emoji;
    }
    // Insertion order: recently used first.
    return Object.values(byKey);
  });

  async #refreshRules(): Promise<void> {
    this.rules = await call('messages.editRules', undefined).catch(() => null);
  }

  async #refreshCustom(): Promise<void> {
    const vocabulary = await call('compose.vocabulary', undefined).catch(() => null);
    this.custom = (vocabulary?.custom_emoji ?? []).map((e) => choice(e.emoji_name, e.emoji_code, 'realm_emoji'));
  }

  /** The user's recently used emoji, as their reactions in the mirror say (made elsewhere too). */
  async refreshRecent(): Promise<void> {
    const recent = await call('emoji.recent', undefined).catch(() => []);
    this.recent = recent.map((e) => choice(e.emoji_name, e.emoji_code, e.reaction_type));
  }

  /** Reads the rules and the emoji again: after an account switch, what main answers from changed. */
  refresh(): void {
    void this.#refreshRules();
    void this.#refreshCustom();
    void this.refreshRecent();
  }

  /** A picked emoji goes first among the recent ones at once. */
  used(emoji: EmojiChoice): void {
    this.recent = [emoji, ...this.recent.filter((other) => key(other) !== key(emoji))];
  }

  /** The name of a user who reacted, asked of main once; "User N" until known. */
  nameOf(user_id: number): string {
    const known = this.names.get(user_id);
    if (known !== undefined) return known;
    if (!this.#asked.has(user_id)) {
      this.#asked.add(user_id);
      call('users.profile', { user_id }).then(
        (profile) => profile && this.names.set(user_id, profile.user.full_name),
        () => undefined,
      );
    }
    return `User ${user_id}`;
  }

  /** Follows the rules and emoji while at least one conversation is shown; returns the release. */
  use(): () => void {
    if (this.#users++ === 0) {
      const stops = [
        onMirrorChange(['realm', 'users'], () => void this.#refreshRules()),
        onMirrorChange(['realm'], () => void this.#refreshCustom()),
      ];
      const clock = setInterval(() => (this.now = Math.floor(Date.now() / 1000)), CLOCK_MS);
      this.#stop = () => {
        stops.forEach((stop) => stop());
        clearInterval(clock);
      };
      this.refresh();
    }
    return () => {
      if (--this.#users === 0) this.#stop?.();
    };
  }
}

export const messageActions = new MessageActionsState();

export { key as emojiKey };
