// The spec's fixed limits and enumerations (spec "Limits", "Resources", "Authentication").
// Limits the server announces at queue registration are not here: see RegistrationContext.

export const STATUS_TEXT_MAX_LENGTH = 60;
export const WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH = 8000;
export const MAX_PROFILE_SUMMARY_FIELDS = 2;
export const DEFAULT_INVITE_EXPIRES_IN_MINUTES = 14400;

export const ROLES = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES: readonly Role[] = Object.values(ROLES);

/** 0 none, 1 muted; the spec does not show the numbers of unmuted and followed (the reference: 2 and 3). */
export const VISIBILITY_POLICIES = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;
export type VisibilityPolicy = (typeof VISIBILITY_POLICIES)[keyof typeof VISIBILITY_POLICIES];
export const VISIBILITY_POLICY_VALUES: readonly VisibilityPolicy[] = Object.values(VISIBILITY_POLICIES);

export const FIELD_TYPES = {
  1: 'short text',
  2: 'long text',
  3: 'list of options',
  4: 'date picker',
  5: 'link',
  6: 'person picker',
  7: 'external account',
  8: 'pronouns',
} as const;
export type FieldType = keyof typeof FIELD_TYPES;
/** Field types that may not be shown in the profile summary. */
export const FIELD_TYPES_NOT_IN_SUMMARY: readonly FieldType[] = [2, 6];

export const REACTION_TYPES = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'] as const;
export const SCHEDULED_MESSAGE_TYPES = ['direct', 'channel', 'stream', 'private'] as const;
export const TYPING_TYPES = ['direct', 'stream', 'channel'] as const;
export const TYPING_OPS = ['start', 'stop'] as const;
export const FLAG_OPS = ['add', 'remove'] as const;
/** The flags a user may change; the others (mentioned, has_alert_word...) follow from content. */
export const USER_CHANGEABLE_FLAGS = ['read', 'starred', 'collapsed'] as const;
export const PUSH_TOKEN_KINDS = ['fcm', 'apns'] as const;

/** Read as the empty topic by the message-related endpoints, like realm_empty_topic_display_name. */
export const NO_TOPIC = '(no topic)';
