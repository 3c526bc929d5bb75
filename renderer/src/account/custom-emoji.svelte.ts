// The organization's custom emoji, for the emoji picker (those in use) and their images, by ID,
// for the reactions and the picker (messages carry their own <img> in the server's HTML): asked of
// main once, and again when a notice says the organization's emoji changed. The images come
// through main, with the account's key; so does the server's own extra emoji's (:zulip: on real
// servers), at the address the family's clients load it from.
import type { ReactionType } from '../../../shared/api/records';
import type { CustomEmojiImage } from '../../../shared/ipc';
import { call } from '../lib/ipc';
import { Query } from '../lib/query.svelte';
import type { ChangeStream } from './changes';

/** Where servers of the family serve their extra emoji's image (named by its emoji_code). */
const EXTRA_EMOJI_PATH = '/static/generated/emoji/images/emoji/unicode/';
/** An emoji_code that can only name a file there. */
const EXTRA_EMOJI_CODE = /^[a-z0-9_-]+$/;

export class CustomEmojiImages {
  readonly #query = new Query<CustomEmojiImage[]>(() => call('emoji.custom', undefined));
  /** Those people may use now, by name. */
  readonly active = $derived((this.#query.value ?? []).filter((emoji) => !emoji.deactivated));
  readonly #byCode = $derived(Object.fromEntries((this.#query.value ?? []).map((emoji) => [emoji.emoji_code, emoji])));
  readonly #serverImage: (url: string) => string | null;

  constructor(changes: ChangeStream, serverImage: (url: string) => string | null) {
    this.#serverImage = serverImage;
    this.#query.onRelease(
      changes.on((notice) => {
        if (notice.all || (notice.changed.realm ?? []).includes('realm_emoji')) void this.#query.refresh();
      }),
    );
    void this.#query.refresh();
  }

  /** Where the window loads a custom emoji's image from; null while it is not known. */
  src(emoji_code: string): string | null {
    const emoji = this.#byCode[emoji_code];
    return emoji ? this.#serverImage(emoji.source_url) : null;
  }

  /** A reaction's image: a custom emoji's, or the server's extra emoji's; null for a Unicode emoji, or one not known. */
  image(emoji: { reaction_type: ReactionType; emoji_code: string }): string | null {
    if (emoji.reaction_type === 'realm_emoji') return this.src(emoji.emoji_code);
    if (emoji.reaction_type !== 'service_extra_emoji' || !EXTRA_EMOJI_CODE.test(emoji.emoji_code)) return null;
    return this.#serverImage(`${EXTRA_EMOJI_PATH}${emoji.emoji_code}.png`);
  }

  dispose(): void {
    this.#query.release();
  }
}
