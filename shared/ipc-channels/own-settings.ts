// The user's own status (what they are up to, beside their name everywhere: the family's
// POST /users/me/status), display settings (PATCH /settings) and alert words
// (/users/me/alert_words): each in the mirror at once and waiting in the outbox offline. And whom
// they muted (/users/me/muted_users), which needs the connection.
import { z } from 'zod';
import { REACTION_TYPES, STATUS_TEXT_MAX_LENGTH } from '../api/limits';
import { ALERT_WORD_MAX_LENGTH } from '../alert-words';
import type { Deferred } from '../outbox-records';
import { channel, id } from './define';

const alertWord = z.string().trim().min(1).max(ALERT_WORD_MAX_LENGTH);

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
  /** One more word or phrase whose every use notifies the user, as a mention does. */
  'me.addAlertWord': channel<Deferred<null>>()(z.object({ word: alertWord })),
  'me.removeAlertWord': channel<Deferred<null>>()(z.object({ word: alertWord })),
  /** Mutes someone (their messages show hidden, as in the family's clients, and arrive read), or unmutes them. */
  'me.setMuted': channel<null>()(z.object({ user_id: id, muted: z.boolean() })),
} as const;
