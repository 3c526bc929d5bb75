// Browsing the mirror: channels by folder, the user directory, profiles.
import { hiddenAddressMessage } from '../admin/listed-users';
import { classifyFailure } from '../api/failures';
import { UserFacingError } from '../app/user-facing-error';
import { storeChannels } from '../store/channels';
import { hiddenAddresses, searchUsers, storeUsers, userByEmail, userById } from '../store/users';
import type { CoreContext } from './context';
import { channelListing, peoplePresence, userProfile, userSummary } from './directory-views';
import type { AreaHandlers } from './dispatch';

export function directoryHandlers(
  context: CoreContext,
): AreaHandlers<'channels.list' | 'channels.fetch' | 'users.search' | 'users.profile' | 'users.presence' | 'users.byEmail' | 'users.fetch'> {
  return {
    'channels.list': (filters) => channelListing(context.activeSession().db, filters),
    'channels.fetch': async (filters) => {
      const session = context.activeSession();
      session.requireOnline('Asking the server for its channel list');
      const { streams } = await session.client.call('getChannels', filters);
      session.write((db, changes) => storeChannels(db, streams, changes));
      const shown = new Set(streams.map((channel) => channel.stream_id));
      const listing = channelListing(session.db, { ...filters, include_all: true, exclude_archived: false });
      return { ...listing, channels: listing.channels.filter((channel) => shown.has(channel.stream_id)) };
    },
    'users.fetch': async () => {
      const session = context.activeSession();
      session.requireOnline('Asking the server for its user list');
      const { members } = await session.client.call('getUsers', { client_gravatar: false, include_custom_profile_fields: true });
      session.write((db, changes) => storeUsers(db, members, changes));
      return { fetched: members.length };
    },
    'users.search': ({ text, filter, offset, limit }) => {
      const page = searchUsers(context.activeSession().db, { text, filter, offset, limit });
      return { users: page.users.map(userSummary), total: page.total, deactivated: page.deactivated };
    },
    'users.profile': ({ user_id }) => {
      const { db } = context.activeSession();
      const user = userById(db, user_id);
      return user ? userProfile(db, user) : null;
    },
    'users.presence': ({ user_ids }) => peoplePresence(context.activeSession().db, user_ids),
    'users.byEmail': async ({ email }) => {
      const { db, client } = context.activeSession();
      const cached = userByEmail(db, email);
      if (cached) return userProfile(db, cached);
      try {
        return userProfile(db, (await client.call('getUserByEmail', { email, include_custom_profile_fields: true })).user);
      } catch (error) {
        // Server trouble is reported; a refusal means no one the caller may look up has the address.
        if (classifyFailure(error).kind !== 'refused') throw error;
        const hidden = hiddenAddresses(db);
        // Where the server hides addresses, the screen's "no such user" would mislead: it may be a hidden one.
        if (hidden.count > 0) throw new UserFacingError('ADDRESS_HIDDEN', hiddenAddressMessage(email, hidden, 'look up'));
        return null;
      }
    },
  };
}
