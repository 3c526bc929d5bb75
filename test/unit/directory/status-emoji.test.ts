// A status whose emoji is the organization's own (issue 24): a real server (feature level 372)
// sent, for `POST /users/me/status` with emoji_name=green_tick, the event below, and its
// registration's realm_emoji names that emoji's image. The screens are given the image's path on
// the server (to fetch through main) beside the status; a Unicode status emoji keeps its code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { peoplePresence, userProfile } from '../../../main/handlers/directory-views';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { setRealmValues } from '../../../main/store/realm';
import { usersTable } from '../../../main/store/users';
import { MIRROR_EVENTS } from '../../../main/sync/apply-events';
import type { UserStatusEvent } from '../../../shared/api/events';
import { user } from '../store/fixtures';

let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
  // As the real server registered it (reference/real/exchanges.json).
  setRealmValues(db, {
    realm_emoji: { '1': { id: '1', name: 'green_tick', source_url: '/user_avatars/2/emoji/images/dc294f54.png', deactivated: false, author_id: 11, still_url: null } },
  });
  upsertRecords(db, usersTable, [user(8, "Cordelia, Lear's daughter", 'user8@zulipdev.com'), user(10, 'King Hamlet', 'user10@zulipdev.com')]);
});
afterEach(() => db.close());

const apply = (event: Pick<UserStatusEvent, 'user_id' | 'status_text' | 'emoji_name' | 'emoji_code' | 'reaction_type'>) => MIRROR_EVENTS.apply(db, 'user_status', { id: 0, type: 'user_status', ...event }, new ChangeCollector());

describe('a status emoji', () => {
  it("of the organization's custom emoji comes with its image, in the directory's presence and the profile", () => {
    // The real server's event, as received.
    apply({ user_id: 8, status_text: 'Testing custom emoji', emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' });
    const expected = { status_text: 'Testing custom emoji', emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji', emoji_url: '/user_avatars/2/emoji/images/dc294f54.png' };
    expect(peoplePresence(db, [8])[0]?.status).toEqual(expected);
    expect(userProfile(db, user(8, "Cordelia, Lear's daughter", 'user8@zulipdev.com')).status).toEqual(expected);
  });

  it('that is Unicode keeps its code and no image; one the mirror does not know has no image', () => {
    apply({ user_id: 10, status_text: 'Lunch', emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' });
    apply({ user_id: 8, emoji_name: 'gone', emoji_code: '99', reaction_type: 'realm_emoji' });
    const [hamlet, cordelia] = peoplePresence(db, [10, 8]);
    expect(hamlet?.status).toMatchObject({ emoji_code: '1f389', reaction_type: 'unicode_emoji', emoji_url: null });
    expect(cordelia?.status).toMatchObject({ emoji_name: 'gone', emoji_url: null });
  });
});
