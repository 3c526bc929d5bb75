// What the compose box suggests beyond people and channels: the organization's custom emoji and
// whether the user may use wildcard mentions (@**all** and the like); and its preview, the HTML
// the server would render the text as.
import { z } from 'zod';
import { channel } from './define';
import { messageContent } from './send-queue';

export interface CustomEmoji {
  emoji_name: string;
  /** The custom emoji's ID on the server (its `emoji_code` as a realm_emoji reaction). */
  emoji_code: string;
}

export interface ComposeVocabulary {
  custom_emoji: CustomEmoji[];
  /** The organization's wildcard-mention permission includes the user's role. */
  wildcard_mentions: boolean;
}

export const composeChannels = {
  'compose.vocabulary': channel<ComposeVocabulary>()(z.undefined()),
  /** The server's rendering of a text not sent (POST /messages/render): online only. */
  'compose.preview': channel<{ rendered: string }>()(z.object({ content: messageContent.min(1) })),
} as const;
