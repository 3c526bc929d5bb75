// The administration screens' channels: who the caller is and what the server allows, channel
// folders, user accounts, invitation links, profile fields, linkifiers, server settings and push
// registration. The server decides permissions; the screens hide what the caller's role cannot
// do, with the reason, and a refusal reaches the user with the server's own message.
import { z } from 'zod';
import { ROLES } from '../../shared/api/limits';
import type { ServerSettings } from '../../shared/api/records';
import { visibleEmail } from '../../shared/email-addresses';
import { isOnlyOwner } from '../../shared/person-actions';
import type { InviteLinkView, MeView } from '../../shared/ipc';
import { isOffline } from '../api/failures';
import { getUserGroups } from '../api/user-groups';
import { channelsTable } from '../store/channels';
import { groupsOfUser, inRealmGroupSetting } from '../store/group-settings';
import { inviteLinkSubscriptions, recordInviteLink } from '../store/invite-links';
import { allRecords, getRecord, storedRecord } from '../store/keyed-table';
import { customProfileFieldsTable, linkifiersTable } from '../store/personal';
import { alertWordsOf, mutedUserIdsOf, realmValue, twentyFourHourTime } from '../store/realm';
import { activeOwnerIds, userById } from '../store/users';
import type { MirrorDatabase } from '../store/database';
import type { CoreContext } from './context';
import { describeError, type AreaHandlers } from './dispatch';
import { UserFacingError } from '../app/user-facing-error';
import { buildPushRegistration } from '../app/push-registration';

/** Any value but undefined, as `!== undefined` narrows to. */
type Defined = NonNullable<unknown> | null;
type Given<T> = { [K in keyof T]?: T[K] & Defined };

/** Only the fields given: an absent one keeps the server's value (zod leaves them undefined). */
function given<T extends object>(fields: T): Given<T> {
  const present: Given<T> = {};
  for (const key in fields) {
    const value = fields[key];
    if (value !== undefined) present[key] = value;
  }
  return present;
}

/** What the settings screen reads of the copy of GET /server_settings kept in the mirror. */
const keptServerSettingsShape = z.looseObject({
  authentication_methods: z.record(z.string(), z.boolean()).optional(),
  external_authentication_methods: z.array(z.looseObject({ display_name: z.string() })).optional(),
  service_feature_level: z.number().optional(),
  service_version: z.string().optional(),
  service_merge_base: z.string().optional(),
  realm_name: z.string().optional(),
  realm_description: z.string().optional(),
});
const keptServerSettings = storedRecord<ServerSettings>(keptServerSettingsShape);

/** Channel names for IDs, from the mirror; a channel it does not hold keeps its ID. */
const channelNames = (db: MirrorDatabase, stream_ids: readonly number[]): string[] =>
  stream_ids.map((stream_id) => getRecord(db, channelsTable, stream_id)?.name ?? `channel ${stream_id}`);

export function adminHandlers(
  context: CoreContext,
): AreaHandlers<
  | 'me.get'
  | 'folders.create'
  | 'folders.update'
  | 'users.create'
  | 'users.deactivate'
  | 'users.reactivate'
  | 'users.setRole'
  | 'users.setStatus'
  | 'users.activeOwners'
  | 'invites.create'
  | 'invites.list'
  | 'invites.revoke'
  | 'groups.list'
  | 'profileFields.list'
  | 'profileFields.create'
  | 'linkifiers.list'
  | 'linkifiers.update'
  | 'server.settings'
  | 'push.register'
> {
  return {
    'me.get': (): MeView => {
      const { db, client, account } = context.activeSession();
      const user = userById(db, account.user_id);
      return {
        user_id: account.user_id,
        full_name: user?.full_name ?? visibleEmail(account),
        avatar_url: user?.avatar_url ?? null,
        email: visibleEmail(user ?? account),
        role: user?.role ?? null,
        timezone: user?.timezone ?? '',
        twenty_four_hour_time: twentyFourHourTime(db),
        alert_words: alertWordsOf(db),
        muted_user_ids: mutedUserIdsOf(db),
        group_ids: groupsOfUser(db, account.user_id),
        // Unknown (an older server, groups not mirrored): offered, and the server decides.
        may_create_channels: {
          public: inRealmGroupSetting(db, account.user_id, 'realm_can_create_public_channel_group') ?? true,
          private: inRealmGroupSetting(db, account.user_id, 'realm_can_create_private_channel_group') ?? true,
        },
        feature_level: client.featureLevel ?? null,
        dialect: client.dialect ?? null,
        announced: { ...client.announced },
      };
    },
    'folders.create': async ({ name, description }) => {
      const { channel_folder_id } = await context.activeSession().client.call('createChannelFolder', { name, description });
      return { channel_folder_id };
    },
    'folders.update': async ({ channel_folder_id, ...changes }) => {
      await context.activeSession().client.call('updateChannelFolder', { channel_folder_id, ...given(changes) });
      return null;
    },
    'users.create': async (params) => {
      const { user_id } = await context.activeSession().client.call('createUser', params);
      return { user_id };
    },
    'users.deactivate': async ({ user_id, deactivation_notification_comment }) => {
      const { db, client } = context.activeSession();
      if (isOnlyOwner(user_id, activeOwnerIds(db))) {
        throw new UserFacingError('ONLY_OWNER', 'This is the organization\'s only owner: make someone else an owner before deactivating this account.');
      }
      await client.call('deactivateUser', { user_id, ...given({ deactivation_notification_comment }) });
      return null;
    },
    'users.reactivate': async ({ user_id }) => {
      await context.activeSession().client.call('reactivateUser', { user_id });
      return null;
    },
    'users.setRole': async ({ user_id, role }) => {
      const { db, client } = context.activeSession();
      if (role !== ROLES.owner && isOnlyOwner(user_id, activeOwnerIds(db))) {
        throw new UserFacingError('ONLY_OWNER', 'This is the organization\'s only owner: make someone else an owner before changing this role.');
      }
      await client.call('updateUser', { user_id, role });
      return null;
    },
    'users.setStatus': async ({ user_id, ...status }) => {
      await context.activeSession().client.call('updateStatusForUser', { user_id, ...given(status) });
      return null;
    },
    'users.activeOwners': () => activeOwnerIds(context.activeSession().db),
    'profileFields.list': () => allRecords(context.activeSession().db, customProfileFieldsTable, 'position'),
    'profileFields.create': async ({ field_type, ...rest }) => {
      const { id } = await context.activeSession().client.call('createCustomProfileField', { field_type, ...given(rest) });
      return { id };
    },
    'linkifiers.list': () => allRecords(context.activeSession().db, linkifiersTable, 'position'),
    'linkifiers.update': async (params) => {
      await context.activeSession().client.call('updateLinkifier', params);
      return null;
    },
    'server.settings': async () => {
      const { db, client } = context.activeSession();
      try {
        return await client.call('getServerSettings', {});
      } catch (error) {
        // Offline: the copy kept after the last registration stands.
        if (!isOffline(error)) throw error;
        return keptServerSettings.safeParse(realmValue(db, 'server_settings')).data ?? null;
      }
    },
    'push.register': async ({ token_kind, token, bouncer_public_key, ios_app_id }) => {
      const params = buildPushRegistration({ token_kind, token, bouncer_public_key, ...given({ ios_app_id }) }, Math.floor(Date.now() / 1000));
      await context.activeSession().client.call('registerPushDevice', params);
      return { push_account_id: params.push_account_id };
    },
    'invites.create': async (params) => {
      const { db, client } = context.activeSession();
      const { invite_link } = await client.call('createInviteLink', given(params));
      recordInviteLink(db, invite_link, {
        stream_ids: params.stream_ids ?? [],
        group_ids: params.group_ids ?? [],
        include_realm_default_subscriptions: params.include_realm_default_subscriptions ?? false,
      });
      return { invite_link };
    },
    'invites.list': async () => {
      const { db, client } = context.activeSession();
      const { invites } = await client.call('getInvites', {});
      const recorded = inviteLinkSubscriptions(db);
      return invites
        .flatMap((invite): InviteLinkView[] => {
          if (!invite.is_multiuse || invite.link_url === undefined) return [];
          const subscriptions = recorded.get(invite.link_url);
          return [
            {
              id: invite.id,
              link_url: invite.link_url,
              invited_by_user_id: invite.invited_by_user_id,
              invited_by_name: userById(db, invite.invited_by_user_id)?.full_name ?? null,
              invited_as: invite.invited_as,
              invited: invite.invited,
              expiry_date: invite.expiry_date,
              subscriptions: subscriptions ? { ...subscriptions, channels: channelNames(db, subscriptions.stream_ids) } : null,
            },
          ];
        })
        .sort((a, b) => b.invited - a.invited || b.id - a.id);
    },
    'invites.revoke': async ({ ids }) => {
      const { client } = context.activeSession();
      const revoked: number[] = [];
      const refused: { id: number; message: string }[] = [];
      for (const id of ids) {
        try {
          await client.call('revokeInviteLink', { invite_id: id });
          revoked.push(id);
        } catch (error) {
          if (isOffline(error)) throw error;
          refused.push({ id, message: describeError(error).message });
        }
      }
      return { revoked, refused };
    },
    'groups.list': async () =>
      (await getUserGroups(context.activeSession().client))
        .filter((group) => !group.is_system_group && !group.deactivated)
        .map(({ id, name, description }) => ({ id, name, description }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
