// The "large" organization: N generated users ("User 00042", user42@large.example) and M channels
// spread over a few folders, built in one transaction with prepared statements so that even
// 100,000 users and 10,000 channels take seconds.
import type { ServiceAccount } from '../config';
import type { Db } from '../db/schema';
import { ROLE } from '../access';
import { seedRealm } from './common';
import { generateApiKeys } from './keys';

const DAY = 86_400;
const FOLDER_COUNT = 4;
const ACCOUNT_ROLES: readonly (readonly [number, boolean])[] = [
  [ROLE.owner, true],
  [ROLE.administrator, true],
  [ROLE.administrator, false],
  [ROLE.moderator, false],
  [ROLE.member, false],
  [ROLE.guest, false],
];
/** Channels every account is subscribed to (the guest only to the public ones). */
const ACCOUNT_CHANNELS = 100;

const largeUserName = (index: number): string => `User ${String(index).padStart(5, '0')}`;

export function seedLarge(db: Db, now: number, userCount: number, channelCount: number): ServiceAccount[] {
  const keys = generateApiKeys(userCount);
  db.transaction(() => {
    seedRealm(db, { name: 'Large Organization', description: '<p>A generated organization for load and scale tests.</p>', host: 'large.example' }, now - 1000 * DAY);

    const insertUser = db.prepare('INSERT INTO users (user_id, email, full_name, api_key, role, can_create_users, date_joined) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let id = 1; id <= userCount; id += 1) {
      const [role, canCreateUsers] = ACCOUNT_ROLES[id - 1] ?? [ROLE.member, false];
      insertUser.run(id, `user${id}@large.example`, largeUserName(id), keys[id - 1], role, Number(canCreateUsers), now - DAY - id);
    }

    const insertFolder = db.prepare('INSERT INTO channel_folders (channel_folder_id, name, description, rendered_description, "order", date_created, creator_id) VALUES (?, ?, ?, ?, ?, ?, 1)');
    for (let id = 1; id <= FOLDER_COUNT; id += 1) insertFolder.run(id, `Folder ${id}`, `Generated folder ${id}`, `<p>Generated folder ${id}</p>`, id, now - 500 * DAY);

    const insertChannel = db.prepare(
      `INSERT INTO streams (stream_id, name, description, rendered_description, invite_only, is_default, history_public_to_subscribers, date_created, creator_id, folder_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    for (let id = 1; id <= channelCount; id += 1) {
      const inviteOnly = id % 10 === 0;
      const description = `Generated channel ${id}`;
      insertChannel.run(id, `channel-${String(id).padStart(5, '0')}`, description, `<p>${description}</p>`, Number(inviteOnly), Number(id <= 2), Number(!inviteOnly), now - 400 * DAY, id % 5 === 0 ? null : (id % FOLDER_COUNT) + 1);
    }

    const subscribe = db.prepare('INSERT OR IGNORE INTO subscriptions (user_id, stream_id) VALUES (?, ?)');
    for (let account = 1; account <= Math.min(ACCOUNT_ROLES.length, userCount); account += 1) {
      const isGuest = ACCOUNT_ROLES[account - 1]?.[0] === ROLE.guest;
      for (let channel = 1; channel <= Math.min(ACCOUNT_CHANNELS, channelCount); channel += 1) {
        if (!isGuest || channel % 10 !== 0) subscribe.run(account, channel);
      }
    }
    // Everyone else sits in the default channel and one more, so channels have subscribers.
    for (let id = ACCOUNT_ROLES.length + 1; id <= userCount; id += 1) {
      subscribe.run(id, 1);
      subscribe.run(id, (id % channelCount) + 1);
    }
  })();

  return ACCOUNT_ROLES.slice(0, userCount).map(([role], index) => ({
    email: `user${index + 1}@large.example`,
    api_key: keys[index] ?? '',
    role,
    user_id: index + 1,
    full_name: largeUserName(index + 1),
  }));
}
