// The organization's custom emoji, as the registration's realm_emoji holds them in the mirror, with
// their images: for the emoji picker and the compose box, and by ID (a realm_emoji reaction's or
// status's emoji_code) for their image.
import { z } from 'zod';
import type { CustomEmojiImage } from '../../shared/ipc';
import type { ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { realmValue, setRealmValues } from './realm';

const realmEmoji = z.record(
  z.string(),
  z.object({ id: z.coerce.string(), name: z.string(), source_url: z.string().optional(), deactivated: z.boolean().optional() }),
);

const realmEmojiOf = (db: ReadOnlyMirror) => realmEmoji.safeParse(realmValue(db, 'realm_emoji')).data ?? {};

/** Every custom emoji the mirror knows an image of, deactivated ones too, by name. */
export function customEmojiImages(db: ReadOnlyMirror): CustomEmojiImage[] {
  return Object.values(realmEmojiOf(db))
    .flatMap((emoji) => (emoji.source_url === undefined ? [] : [{ emoji_code: emoji.id, emoji_name: emoji.name, source_url: emoji.source_url, deactivated: emoji.deactivated === true }]))
    .sort((a, b) => a.emoji_name.localeCompare(b.emoji_name));
}

/** Where a custom emoji's image is on the server (deactivated ones too: a status set before keeps it); null when the mirror does not know it. */
export function customEmojiSource(db: ReadOnlyMirror, emoji_code: string): string | null {
  return Object.values(realmEmojiOf(db)).find((emoji) => emoji.id === emoji_code)?.source_url ?? null;
}

/** A custom emoji added, renamed or deactivated: the event lists them all. */
export const customEmojiEvents: EventHandlers<'realm_emoji'> = {
  realm_emoji: (db, event, changes) => {
    setRealmValues(db, { realm_emoji: event.realm_emoji });
    changes.add('realm', 'realm_emoji');
  },
};
