// The compose box's vocabulary from the mirror: the organization's custom emoji (registration's
// realm_emoji) and whether the user's role may use wildcard mentions, read from the
// group-setting value realm_can_mention_many_users_group (its system groups resolved through
// realm_user_groups), or the older realm_wildcard_mention_policy enum where that is all there is;
// and its preview, rendered by the server.
import { z } from 'zod';
import type { MirrorDatabase } from '../store/database';
import { inRealmGroupSetting } from '../store/group-settings';
import { realmValue } from '../store/realm';
import { userById } from '../store/users';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

/** realm_wildcard_mention_policy: 1 anyone, 2 members, 3 full members, 5 administrators, 6 nobody, 7 moderators. */
const POLICY_ROLES: Readonly<Record<number, number | null>> = { 1: 600, 2: 400, 3: 400, 5: 200, 6: null, 7: 300 };

export function mayMentionMany(db: MirrorDatabase, user_id: number): boolean {
  const inGroup = inRealmGroupSetting(db, user_id, 'realm_can_mention_many_users_group');
  if (inGroup !== undefined) return inGroup;
  const role = userById(db, user_id)?.role;
  const policy = z.number().int().safeParse(realmValue(db, 'realm_wildcard_mention_policy'));
  // Neither told: the server decides when the message is sent.
  if (role === undefined || !policy.success) return true;
  const maxRole = POLICY_ROLES[policy.data];
  return maxRole !== undefined && maxRole !== null && role <= maxRole;
}

export function composeHandlers(context: CoreContext): AreaHandlers<'compose.vocabulary' | 'compose.preview'> {
  return {
    'compose.preview': async ({ content }) => {
      const session = context.activeSession();
      session.requireOnline('A preview');
      const { rendered } = await session.client.call('renderMessage', { content });
      return { rendered };
    },
    'compose.vocabulary': () => {
      const { db, account } = context.activeSession();
      return { wildcard_mentions: mayMentionMany(db, account.user_id) };
    },
  };
}
