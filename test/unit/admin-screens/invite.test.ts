// The invitation form's parameters and the rules checked before sending.
import { describe, expect, it } from 'vitest';
import { defaultInviteRole, emptyInvite, EXPIRY_CHOICES, grantableRoles, inviteParams, placeInviteRefusal } from '../../../renderer/src/screens/admin/invite';

describe('invitation links', () => {
  it('offers the caller\'s role and the more restricted ones only', () => {
    expect(grantableRoles(100)).toEqual([100, 200, 300, 400, 600]);
    expect(grantableRoles(400)).toEqual([400, 600]);
    expect(grantableRoles(null)).toEqual([]);
    expect(inviteParams({ ...emptyInvite(), invite_as: 200 }, 400, false, 420).problems.invite_as).toBeDefined();
    expect([defaultInviteRole(200), defaultInviteRole(400), defaultInviteRole(600)]).toEqual([400, 400, 600]);
  });

  it('offers the expiry as choices, not minutes: a week by default, a day, a month or never', () => {
    expect(EXPIRY_CHOICES.map((choice) => choice.label)).toEqual(['1 day', '7 days', '30 days', 'Never']);
    expect(inviteParams(emptyInvite(), 200, true, 420).params).toEqual({ invite_as: 400, invite_expires_in_minutes: 7 * 24 * 60 });
    expect(inviteParams({ ...emptyInvite(), expiry: 'Never' }, 200, true, 420).params.invite_expires_in_minutes).toBeNull();
    expect(inviteParams({ ...emptyInvite(), expiry: '1 day' }, 200, true, 420).params.invite_expires_in_minutes).toBe(1440);
    expect(inviteParams({ ...emptyInvite(), expiry: '30 days' }, 200, true, 420).params.invite_expires_in_minutes).toBe(43200);
  });

  it('sends the welcome text only for administrators, at most 8000 characters', () => {
    const custom = { ...emptyInvite(), welcome: 'custom' as const, welcome_text: 'Hi' };
    expect(inviteParams(custom, 200, true, 420).params.welcome_message_custom_text).toBe('Hi');
    expect(inviteParams({ ...emptyInvite(), welcome: 'none' }, 200, true, 420).params.welcome_message_custom_text).toBe('');
    expect(inviteParams(custom, 400, false, 420).params).not.toHaveProperty('welcome_message_custom_text');
    expect(inviteParams({ ...custom, welcome_text: 'x'.repeat(8001) }, 200, true, 420).problems.welcome_message_custom_text).toMatch(/8000/);
  });

  it('sends the groups chosen, and checks the feature level each parameter needs', () => {
    expect(inviteParams({ ...emptyInvite(), group_ids: [3, 4] }, 200, true, 420).params.group_ids).toEqual([3, 4]);
    expect(inviteParams(emptyInvite(), 200, true, 420).params).not.toHaveProperty('group_ids');
    expect(inviteParams({ ...emptyInvite(), group_ids: [3] }, 200, true, 300).problems.feature_level).toMatch(/322/);
  });

  it('places the server\'s refusals by the choice they are about, with what to change', () => {
    expect(placeInviteRefusal('You do not have permission to subscribe other users to channels.')).toEqual({
      field: 'stream_ids',
      text: "You do not have permission to subscribe other users to channels. Untick the channels; the organization's default channels can still be offered.",
    });
    expect(placeInviteRefusal('Invalid channel ID 5. No invites were sent.').field).toBe('stream_ids');
    expect(placeInviteRefusal('Invalid user group ID: 9').field).toBe('group_ids');
    expect(placeInviteRefusal('Insufficient permission')).toEqual({
      text: 'The server refused: Insufficient permission. Your role may not create links, or not for the role or groups chosen; ask an administrator.',
    });
  });
});
