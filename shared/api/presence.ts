// Presence, as the family's servers report it: each user's last active and last connected times
// (the modern form, `slim_presence`), in registration's `presences` and in the answer to the
// client's own report (POST /users/me/presence); a `presence` event, in the legacy per-client form,
// when someone comes back online.
import { z } from 'zod';
import { recordId } from './record-schemas';

const modernPresenceSchema = z.looseObject({ active_timestamp: z.number(), idle_timestamp: z.number() });
export type ModernPresence = z.infer<typeof modernPresenceSchema>;

/** Keyed by user ID (registration and reports asked with slim_presence). */
export const presencesSchema = z.record(z.string(), modernPresenceSchema);

/** The answer to a report: everyone's presence (or what changed since `last_update_id`), unless ping_only. */
export const presenceAnswerSchema = z.looseObject({
  presences: presencesSchema.optional(),
  server_timestamp: z.number().optional(),
  presence_last_update_id: z.number().int().optional(),
});
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;

export interface UpdatePresenceParams {
  status: 'active' | 'idle';
  /** The user did something since the last report. */
  new_user_input?: boolean;
  ping_only?: boolean;
  slim_presence?: boolean;
  /** Only what changed since this update (feature level 263). */
  last_update_id?: number;
}

/** One client's entry of a legacy `presence` event. */
const legacyPresenceSchema = z.looseObject({ status: z.enum(['active', 'idle']), timestamp: z.number() });

export const presenceEventSchema = z.looseObject({
  user_id: recordId,
  server_timestamp: z.number(),
  presence: z.record(z.string(), legacyPresenceSchema),
});

/** What a person shows beside their name. */
export type PresenceStatus = 'active' | 'idle' | 'offline';
