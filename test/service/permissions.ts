// Organization-level permissions, each a group-setting value naming a system group; the register
// response announces them and the endpoints enforce them.
import type { UserRow } from './db/rows';
import { inSystemGroup, SYSTEM_GROUP } from './groups';

export const REALM_PERMISSIONS = {
  realm_can_add_subscribers_group: SYSTEM_GROUP.moderators,
  realm_create_multiuse_invite_group: SYSTEM_GROUP.members,
  realm_can_invite_users_group: SYSTEM_GROUP.members,
  realm_can_create_public_channel_group: SYSTEM_GROUP.members,
  realm_can_create_private_channel_group: SYSTEM_GROUP.members,
  realm_can_create_web_public_channel_group: SYSTEM_GROUP.owners,
  realm_can_add_custom_emoji_group: SYSTEM_GROUP.members,
  realm_can_delete_any_message_group: SYSTEM_GROUP.administrators,
  realm_can_delete_own_message_group: SYSTEM_GROUP.everyone,
  realm_can_create_groups: SYSTEM_GROUP.members,
  realm_can_manage_all_groups: SYSTEM_GROUP.administrators,
  realm_can_move_messages_between_channels_group: SYSTEM_GROUP.moderators,
  realm_can_move_messages_between_topics_group: SYSTEM_GROUP.everyone,
  realm_can_resolve_topics_group: SYSTEM_GROUP.everyone,
  realm_can_mention_many_users_group: SYSTEM_GROUP.administrators,
  realm_can_access_all_users_group: SYSTEM_GROUP.everyone,
  realm_direct_message_initiator_group: SYSTEM_GROUP.everyone,
  realm_direct_message_permission_group: SYSTEM_GROUP.everyone,
  realm_can_create_bots_group: SYSTEM_GROUP.administrators,
  realm_can_create_write_only_bots_group: SYSTEM_GROUP.members,
  realm_can_manage_billing_group: SYSTEM_GROUP.administrators,
  realm_can_summarize_topics_group: SYSTEM_GROUP.everyone,
  realm_can_set_delete_message_policy_group: SYSTEM_GROUP.moderators,
  realm_can_set_topics_policy_group: SYSTEM_GROUP.moderators,
} as const;

export const canSubscribeOthers = (user: UserRow): boolean => inSystemGroup(user, REALM_PERMISSIONS.realm_can_add_subscribers_group);

export const canCreateInviteLinks = (user: UserRow): boolean => inSystemGroup(user, REALM_PERMISSIONS.realm_create_multiuse_invite_group);

export const canCreateChannels = (user: UserRow): boolean => inSystemGroup(user, REALM_PERMISSIONS.realm_can_create_public_channel_group);
