// What the compose box suggests beyond people, channels and emoji: whether the user may use
// wildcard mentions (@**all** and the like); and its preview, the HTML the server would render
// the text as.
import { z } from 'zod';
import { channel } from './define';
import { messageContent } from './send-queue';

export interface ComposeVocabulary {
  /** The organization's wildcard-mention permission includes the user's role. */
  wildcard_mentions: boolean;
}

export const composeChannels = {
  'compose.vocabulary': channel<ComposeVocabulary>()(z.undefined()),
  /** The server's rendering of a text not sent (POST /messages/render): online only. */
  'compose.preview': channel<{ rendered: string }>()(z.object({ content: messageContent.min(1) })),
} as const;
