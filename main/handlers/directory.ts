// Browsing the mirror: channels by folder, the user directory, profiles.
import { ServiceError } from '../api/errors';
import { searchUsers, userByEmail } from '../store/users';
import type { CoreContext } from './context';
import { cachedUser, channelListing, userProfile, userSummary } from './directory-views';
import type { AreaHandlers } from './dispatch';

export function directoryHandlers(context: CoreContext): AreaHandlers<'channels.list' | 'users.search' | 'users.profile' | 'users.byEmail'> {
  return {
    'channels.list': (filters) => channelListing(context.activeSession().db, filters),
    'users.search': ({ text, include_inactive, offset, limit }) => {
      const page = searchUsers(context.activeSession().db, { text, includeInactive: include_inactive, offset, limit });
      return { users: page.users.map(userSummary), total: page.total };
    },
    'users.profile': ({ user_id }) => {
      const { db } = context.activeSession();
      const user = cachedUser(db, user_id);
      return user ? userProfile(db, user) : null;
    },
    'users.byEmail': async ({ email }) => {
      const { db, client } = context.activeSession();
      const cached = userByEmail(db, email);
      if (cached) return userProfile(db, cached);
      try {
        return userProfile(db, (await client.getUserByEmail({ email, include_custom_profile_fields: true })).user);
      } catch (error) {
        // Not visible to this user, or no such user: the screen says so; server trouble is reported.
        if (error instanceof ServiceError && error.status < 500 && error.status !== 401 && error.status !== 429) return null;
        throw error;
      }
    },
  };
}
