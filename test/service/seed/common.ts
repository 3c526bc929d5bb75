// What every organization starts with: the realm row and the system groups.
import type { Db } from '../db/schema';
import { SYSTEM_GROUPS } from '../groups';

export interface RealmSeed {
  name: string;
  description: string;
  host: string;
}

const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

export function seedRealm(db: Db, realm: RealmSeed, dateCreated: number): void {
  db.prepare('INSERT INTO realm (id, name, description, host, empty_topic_display_name, date_created) VALUES (1, ?, ?, ?, ?, ?)').run(
    realm.name,
    realm.description,
    realm.host,
    EMPTY_TOPIC_DISPLAY_NAME,
    dateCreated,
  );
  const insert = db.prepare('INSERT INTO user_groups (id, name, description, is_system_group, max_role) VALUES (?, ?, ?, 1, ?)');
  for (const [id, name, description, maxRole] of SYSTEM_GROUPS) insert.run(id, name, description, maxRole);
}
