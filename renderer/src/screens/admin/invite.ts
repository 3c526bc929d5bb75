// The invitation form's choices turned into the spec's parameters, and the rules that apply to
// them before sending: the role no more privileged than the caller's, the welcome text's length
// and who may set it, and the feature level each parameter needs.
import { checkWelcomeMessageCustomText } from '../../../../shared/api/checks';
import { featureLevelProblem } from '../../../../shared/api/feature-levels';
import { ROLE_VALUES, ROLES } from '../../../../shared/api/limits';
import type { CreateInviteLinkParams } from '../../../../shared/api/operations';

/** How long a link lasts, as choices (the family's clients offer these): minutes for the server, null for never. */
export const EXPIRY_CHOICES = [
  { label: '1 day', minutes: 24 * 60 },
  { label: '7 days', minutes: 7 * 24 * 60 },
  { label: '30 days', minutes: 30 * 24 * 60 },
  { label: 'Never', minutes: null },
] as const;
export type InviteExpiry = (typeof EXPIRY_CHOICES)[number]['label'];
export const DEFAULT_EXPIRY: InviteExpiry = '7 days';

/** The server's `invite_expires_in_minutes` for a choice (null: never expires). */
export function expiryMinutes(choice: InviteExpiry): number | null {
  return EXPIRY_CHOICES.find((option) => option.label === choice)?.minutes ?? null;
}

export interface InviteDraft {
  invite_as: number;
  expiry: InviteExpiry;
  stream_ids: number[];
  /** The groups chosen by name in the form. */
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  welcome: 'default' | 'none' | 'custom';
  welcome_text: string;
}

export const emptyInvite = (): InviteDraft => ({
  invite_as: ROLES.member,
  expiry: DEFAULT_EXPIRY,
  stream_ids: [],
  group_ids: [],
  include_realm_default_subscriptions: false,
  welcome: 'default',
  welcome_text: '',
});

/** The roles the caller may grant: their own and the more restricted ones (a larger number). */
export const grantableRoles = (callerRole: number | null): number[] => ROLE_VALUES.filter((role) => callerRole !== null && role >= callerRole);

/** The spec's default (member) when the caller may grant it, else the caller's own role. */
export function defaultInviteRole(callerRole: number | null): number {
  const roles = grantableRoles(callerRole);
  return roles.includes(ROLES.member) ? ROLES.member : (roles[0] ?? ROLES.member);
}

export interface InviteCheck {
  params: CreateInviteLinkParams;
  /** Problems by field: welcome_message_custom_text, invite_as, or a parameter the server lacks. */
  problems: Partial<Record<string, string>>;
}

export function inviteParams(draft: InviteDraft, callerRole: number | null, isAdministrator: boolean, featureLevel: number | undefined): InviteCheck {
  const problems: Partial<Record<string, string>> = {};
  const params: CreateInviteLinkParams = { invite_as: draft.invite_as };
  if (!grantableRoles(callerRole).includes(draft.invite_as)) problems.invite_as = 'You may invite only with your own role or a more restricted one.';

  params.invite_expires_in_minutes = expiryMinutes(draft.expiry);

  if (draft.stream_ids.length > 0) params.stream_ids = draft.stream_ids;
  if (draft.group_ids.length > 0) params.group_ids = draft.group_ids;
  if (draft.include_realm_default_subscriptions) params.include_realm_default_subscriptions = true;

  // Only administrators can set the text; for others the server always uses null.
  if (isAdministrator && draft.welcome !== 'default') {
    params.welcome_message_custom_text = draft.welcome === 'none' ? '' : draft.welcome_text;
    const tooLong = checkWelcomeMessageCustomText(params.welcome_message_custom_text);
    if (tooLong) problems.welcome_message_custom_text = tooLong;
  }
  const unsupported = featureLevelProblem('createInviteLink', params, featureLevel);
  if (unsupported) problems.feature_level = unsupported.message;
  return { params, problems };
}

/** The server's refusal of a link, placed by the choice it is about and saying what to change. */
export function placeInviteRefusal(message: string): { field?: 'stream_ids' | 'group_ids'; text: string } {
  if (/subscribe other users/i.test(message)) {
    return { field: 'stream_ids', text: `${message} Untick the channels; the organization's default channels can still be offered.` };
  }
  if (/channel ID/i.test(message)) return { field: 'stream_ids', text: `${message} Untick the channels you cannot add people to.` };
  if (/group/i.test(message)) return { field: 'group_ids', text: `${message} Untick the groups you cannot add people to.` };
  if (/insufficient permission/i.test(message)) {
    return { text: `The server refused: ${message}. Your role may not create links, or not for the role or groups chosen; ask an administrator.` };
  }
  return { text: `The server refused: ${message}` };
}
