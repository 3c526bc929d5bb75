// What the app registers for and what it keeps of the answer, apart from the mirror's modules:
// the snapshot worker sends its registration before it loads those.
import { z } from 'zod';
import type { RegisterQueueParams, RegisterQueueResult } from '../../shared/api/registration';
import { registrationContext } from '../../shared/api/registration';
import type { SnapshotSummary } from './engine';

/** What the app asks registration for: every record kind it mirrors, and the modern event forms. */
export const REGISTER_PARAMS: RegisterQueueParams = {
  apply_markdown: true,
  client_gravatar: false,
  include_subscribers: false,
  // Presence keyed by user ID, in the modern form; events without the deprecated email.
  slim_presence: true,
  fetch_event_types: [
    'realm',
    // The compose box's custom emoji and the groups its wildcard-mention permission names.
    'realm_emoji',
    'realm_user_groups',
    'realm_user',
    'user_status',
    'presence',
    'subscription',
    'stream',
    'channel_folders',
    'saved_snippets',
    'custom_profile_fields',
    'realm_linkifiers',
    'scheduled_messages',
    'user_topic',
    'alert_words',
    'muted_users',
    'user_settings',
    // The user's drafts kept by the server (the family's), shown and edited here as on their other devices.
    'drafts',
    // These two bring unread_msgs: every unread conversation, cached or not.
    'message',
    'update_message_flags',
  ],
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
    archived_channels: true,
    empty_topic_name: true,
  },
};

export function summarize(result: RegisterQueueResult): SnapshotSummary {
  if (result.queue_id === null) throw new Error('The server registered no event queue.');
  return { queue_id: result.queue_id, last_event_id: result.last_event_id, context: registrationContext(result) };
}

/** Who registered, as the answer names them (the `realm_user` and `realm` parts of it). */
export const registeredIdentitySchema = z.object({
  user_id: z.number().int(),
  /** The address the server uses for the user in its API (`user<id>@<host>` where it hides addresses). */
  email: z.string(),
  delivery_email: z.string().nullable().optional(),
  realm_name: z.string(),
});
export type RegisteredIdentity = z.infer<typeof registeredIdentitySchema>;

/** The registering user and organization, or null from a server whose answer does not name them. */
export function registeredIdentity(result: RegisterQueueResult): RegisteredIdentity | null {
  return registeredIdentitySchema.safeParse(result).data ?? null;
}
