// The user's own status (what they are up to, beside their name everywhere: the family's
// POST /users/me/status) and display settings (PATCH /settings): each in the mirror at once and
// waiting in the outbox offline.
import { z } from 'zod';
import { REACTION_TYPES, STATUS_TEXT_MAX_LENGTH } from '../api/limits';
import type { Deferred } from '../outbox-records';
import { channel } from './define';

export const ownSettingsChannels = {
  /** The whole status at once: its text ('' for none) and its emoji (null for none). Both empty clear it. */
  'me.setStatus': channel<Deferred<null>>()(
    z.object({
      status_text: z.string().trim().max(STATUS_TEXT_MAX_LENGTH),
      emoji: z.object({ emoji_name: z.string().min(1).max(100), emoji_code: z.string().min(1).max(100), reaction_type: z.enum(REACTION_TYPES) }).nullable(),
    }),
  ),
  /** Times in 24 hours (13:30) or 12 (1:30 PM), everywhere the user reads one: their twenty_four_hour_time. */
  'me.setTimeFormat': channel<Deferred<null>>()(z.object({ twenty_four_hour_time: z.boolean() })),
} as const;
