// The invitation form's choices turned into the spec's parameters, and the rules that apply to
// them before sending: the role no more privileged than the caller's, the welcome text's length
// and who may set it, and the feature level each parameter needs.
import { checkWelcomeMessageCustomText } from '../../../../shared/api/checks';
import { featureLevelProblem } from '../../../../shared/api/feature-levels';
import { DEFAULT_INVITE_EXPIRES_IN_MINUTES, ROLE_VALUES, ROLES } from '../../../../shared/api/limits';
import type { CreateInviteLinkParams } from '../../../../shared/api/operations';

export const EXPIRY_PRESETS: { label: string; value: string }[] = [
  { label: "The server's default", value: 'default' },
  { label: 'Never', value: 'never' },
  { label: '30 minutes', value: '30' },
  { label: '1 day', value: '1440' },
  { label: '3 days', value: '4320' },
  { label: `10 days`, value: String(DEFAULT_INVITE_EXPIRES_IN_MINUTES) },
  { label: '30 days', value: '43200' },
  { label: 'Custom…', value: 'custom' },
];

export interface InviteDraft {
  invite_as: number;
  /** A preset's value: 'default', 'never', 'custom' or minutes. */
  expiry: string;
  custom_minutes: string;
  stream_ids: number[];
  /** The groups chosen by name in the form. */
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  welcome: 'default' | 'none' | 'custom';
  welcome_text: string;
}

export const emptyInvite = (): InviteDraft => ({
  invite_as: ROLES.member,
  expiry: 'default',
  custom_minutes: '',
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
  /** Problems by field: expiry, welcome_message_custom_text, invite_as, or a parameter the server lacks. */
  problems: Partial<Record<string, string>>;
}

export function inviteParams(draft: InviteDraft, callerRole: number | null, isAdministrator: boolean, featureLevel: number | undefined): InviteCheck {
  const problems: Partial<Record<string, string>> = {};
  const params: CreateInviteLinkParams = { invite_as: draft.invite_as };
  if (!grantableRoles(callerRole).includes(draft.invite_as)) problems.invite_as = 'You may invite only with your own role or a more restricted one.';

  if (draft.expiry === 'never') params.invite_expires_in_minutes = null;
  else if (draft.expiry === 'custom') {
    const minutes = Number(draft.custom_minutes);
    if (!/^\d+$/.test(draft.custom_minutes.trim()) || minutes <= 0) problems.expiry = 'Enter the number of minutes, a whole number above 0.';
    else params.invite_expires_in_minutes = minutes;
  } else if (draft.expiry !== 'default') params.invite_expires_in_minutes = Number(draft.expiry);

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
