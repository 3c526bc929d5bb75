import { z } from 'zod';
import type { PersonUpdate } from '../../shared/api/events';
import { ROLES } from '../../shared/api/limits';
import { filterRole, type DirectoryFilter } from '../../shared/directory-filter';
import type { User, UserStatus } from '../../shared/api/records';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { userSchema, userStatusSchema, recordId } from '../../shared/api/record-schemas';
import { holds } from '../../shared/api/quick-check';
import { deleteRecords, getRecord, type KeyedTable, patchRecord, prepared, readRecord, storedRecord, upsertRecords } from './keyed-table';
import { reader } from './statements';
import { sortKey, userSearchIndex } from './user-search';
import { realmValue } from './realm';

export const usersTable: KeyedTable<User> = {
  table: 'users',
  key: 'user_id',
  columns: {
    user_id: (u) => u.user_id,
    full_name: (u) => u.full_name,
    sort_name: (u) => sortKey(u.full_name),
    email: (u) => u.email,
    delivery_email: (u) => u.delivery_email,
    role: (u) => u.role,
    is_active: (u) => u.is_active !== false,
    is_bot: (u) => u.is_bot,
  },
  record: storedRecord<User>(userSchema),
};

export const userStatusTable: KeyedTable<UserStatus & { user_id: number }> = {
  table: 'user_status',
  key: 'user_id',
  columns: { user_id: (s) => s.user_id },
  record: storedRecord<UserStatus & { user_id: number }>(userStatusSchema.extend({ user_id: recordId })),
};

const countRow = z.object({ n: z.number() });
const keyedJsonRow = z.object({ user_id: z.number(), json: z.string() });

export interface UserQuery {
  /** Matched against names and emails: word starts for one or two characters, anywhere from three. */
  text?: string;
  /** Who is listed; active users unless told otherwise. */
  filter?: DirectoryFilter;
  offset?: number;
  limit?: number;
}

export interface UserPage {
  users: User[];
  /** How many the text and the filter find, */
  total: number;
  /** and how many of those are deactivated. */
  deactivated: number;
}

/** The SQL condition of each filter (the role filters' role is the statement's parameter). */
const FILTER_SQL: Record<DirectoryFilter, string> = {
  everyone: '1',
  active: 'is_active = 1',
  deactivated: 'is_active = 0',
  bots: 'is_bot = 1',
  owner: 'is_bot = 0 AND role = @role',
  administrator: 'is_bot = 0 AND role = @role',
  moderator: 'is_bot = 0 AND role = @role',
  member: 'is_bot = 0 AND role = @role',
  guest: 'is_bot = 0 AND role = @role',
};

/** The one query behind every list of people: the directory, its selection and its export. */
export function searchUsers(db: ReadOnlyMirror, query: UserQuery = {}): UserPage {
  const text = (query.text ?? '').trim();
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  const filter = query.filter ?? 'active';
  if (text === '') {
    // The whole directory in name order: the indexes on (is_active,) sort_name answer it without a sort.
    const where = `WHERE ${FILTER_SQL[filter]}`;
    const role = filterRole(filter);
    const byRole = role === undefined ? [] : [{ role }];
    // Plain counts: SQLite counts an index's entries without reading them, where a sum of a
    // column reads every one (the active directory's count took 4x as long with one).
    const count = (condition: string) => reader(db, `SELECT count(*) AS n FROM users ${condition}`, countRow).get(...byRole)?.n ?? 0;
    const total = count(where);
    const deactivated = filter === 'active' ? 0 : filter === 'deactivated' ? total : count(`${where} AND is_active = 0`);
    const rows = prepared(db, `SELECT json FROM users ${where} ORDER BY sort_name, user_id LIMIT @limit OFFSET @offset`).all({ ...byRole[0], limit, offset });
    return { users: rows.map((row) => readRecord(usersTable, row)), total, deactivated };
  }
  const { ids, total, deactivated } = userSearchIndex(db).search(text, filter, offset, limit);
  const rows = reader(db, 'SELECT user_id, json FROM users WHERE user_id IN (SELECT value FROM json_each(?))', keyedJsonRow).all(JSON.stringify(ids));
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return { users: ids.flatMap((id) => { const row = byId.get(id); return row ? [readRecord(usersTable, row)] : []; }), total, deactivated };
}

export function userById(db: ReadOnlyMirror, user_id: number): User | undefined {
  return getRecord(db, usersTable, user_id) ?? systemBot(db, user_id);
}

const systemBots = z.array(usersTable.record);

/**
 * One of the server's own bots (Notification Bot, Welcome Bot, the email gateway): registration
 * lists them apart, as cross_realm_bots, kept as they came. They write to people (a channel's
 * subscription, a welcome) but are no members of the organization: not in the directory.
 */
function systemBot(db: ReadOnlyMirror, user_id: number): User | undefined {
  return systemBots.safeParse(realmValue(db, 'cross_realm_bots')).data?.find((bot) => bot.user_id === user_id);
}

/** A user's name for messages and lists; the id when the mirror does not know the user. */
export function userName(db: ReadOnlyMirror, user_id: number): string {
  return userById(db, user_id)?.full_name ?? `user ${user_id}`;
}

/** The users whose name is `name`, case and accents aside, active ones first: a search's `sender:` names people so. */
export function usersNamed(db: ReadOnlyMirror, name: string): User[] {
  return prepared(db, 'SELECT json FROM users WHERE sort_name = ? ORDER BY is_active DESC, user_id LIMIT 20')
    .all(sortKey(name.trim()))
    .map((row) => readRecord(usersTable, row));
}

/** The user the server names by this address or whose real address it is, whatever its case (servers match it so). */
export function userByEmail(db: ReadOnlyMirror, email: string): User | undefined {
  // The exact address through the indexes first; a differently cased one costs a scan.
  const row: unknown =
    prepared(db, 'SELECT json FROM users WHERE email = ? OR delivery_email = ? LIMIT 1').get(email, email) ??
    prepared(db, 'SELECT json FROM users WHERE email = ? COLLATE NOCASE OR delivery_email = ? COLLATE NOCASE LIMIT 1').get(email, email);
  return row === undefined ? undefined : readRecord(usersTable, row);
}

const addressRow = z.object({ user_id: z.number(), email: z.string(), delivery_email: z.string().nullable() });

/**
 * The users a list of addresses names, keyed by the address lowercased (their API email or their
 * real address, whatever the case): one read of the directory for a whole list, however long.
 */
export function usersByAddress(db: ReadOnlyMirror, addresses: readonly string[]): Map<string, User> {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  const ids = new Map<string, number>();
  for (const row of reader(db, 'SELECT user_id, email, delivery_email FROM users', addressRow).all()) {
    for (const address of [row.email, row.delivery_email]) {
      const key = address?.toLowerCase();
      if (key !== undefined && wanted.has(key) && !ids.has(key)) ids.set(key, row.user_id);
    }
  }
  const users = new Map<string, User>();
  for (const [address, user_id] of ids) {
    const user = userById(db, user_id);
    if (user) users.set(address, user);
  }
  return users;
}

/**
 * The active people whose real address the server does not give the caller, with one address it
 * names them by. The server says so with delivery_email null; a server that sends no
 * delivery_email at all says nothing of the kind (the column holds NULL for both).
 */
export function hiddenAddresses(db: ReadOnlyMirror): { count: number; example: string | null } {
  const hidden = "FROM users WHERE delivery_email IS NULL AND json_type(json, '$.delivery_email') = 'null' AND is_active = 1";
  const count = reader(db, `SELECT count(*) AS n ${hidden}`, countRow).get()?.n ?? 0;
  const example = z.string().optional().parse(prepared(db, `SELECT email ${hidden} ORDER BY sort_name, user_id LIMIT 1`).pluck().get());
  return { count, example: example ?? null };
}

/** Users as the server listed them on demand. */
export function storeUsers(db: MirrorDatabase, users: readonly User[], changes: ChangeSink): void {
  upsertRecords(db, usersTable, users);
  changes.add('users', ...users.map((user) => user.user_id));
}

export const userEvents: EventHandlers<'realm_user' | 'user_status'> = {
  realm_user: (db, event, changes) => {
    if (event.op === 'add') upsertRecords(db, usersTable, [{ ...event.person, is_active: event.person.is_active ?? true }]);
    else if (event.op === 'remove') patchRecord(db, usersTable, event.person.user_id, (u) => ({ ...u, is_active: false }));
    else patchRecord(db, usersTable, event.person.user_id, (u) => applyPersonUpdate(u, event.person));
    changes.add('users', event.person.user_id);
  },
  user_status: (db, event, changes) => {
    applyUserStatus(db, event.user_id, event);
    changes.add('user_status', event.user_id);
  },
};

// The forms of a person update that are not copied field for field. Records are open, so `in`
// cannot tell the forms apart: each is recognized by its own shape. `holds` decides as zod's
// safeParse would, without the error zod builds for each form an update is not (a rename is
// none of the three; those errors were a twentieth of event apply in the bench's profile).
const customProfileFieldForm = z.object({
  custom_profile_field: z.object({ id: recordId, value: z.string().nullable(), rendered_value: z.string().optional() }),
});
const newEmailForm = z.object({ new_email: z.string() });
const roleForm = z.object({ role: z.number().int() });

function applyPersonUpdate(user: User, person: PersonUpdate): User {
  if (holds(customProfileFieldForm, person)) {
    const { id, value, rendered_value } = person.custom_profile_field;
    const profile_data = { ...user.profile_data };
    if (value === null) delete profile_data[String(id)];
    else profile_data[String(id)] = rendered_value === undefined ? { value } : { value, rendered_value };
    return { ...user, profile_data };
  }
  if (holds(newEmailForm, person)) return { ...user, email: person.new_email };
  if (holds(roleForm, person)) {
    const { role } = person;
    return { ...user, role, is_owner: role === 100, is_admin: role <= 200, is_guest: role === 600 };
  }
  // The timezone form repeats the API email only to identify the user (deprecated); keep ours.
  const { user_id: _id, email: _email, ...fields } = person;
  return { ...user, ...fields };
}

/** A status set here (the user's own), in the mirror before the server's event confirms it. */
export function setUserStatus(db: MirrorDatabase, user_id: number, status: UserStatus, changes: ChangeSink): void {
  applyUserStatus(db, user_id, status);
  changes.add('user_status', user_id);
}

function applyUserStatus(db: MirrorDatabase, user_id: number, event: UserStatus): void {
  const status: UserStatus & { user_id: number } = { ...getRecord(db, userStatusTable, user_id), user_id };
  // An event carries only the fields that changed.
  if (event.status_text !== undefined) status.status_text = event.status_text;
  if (event.emoji_name !== undefined) status.emoji_name = event.emoji_name;
  if (event.emoji_code !== undefined) status.emoji_code = event.emoji_code;
  if (event.reaction_type !== undefined) status.reaction_type = event.reaction_type;
  // An empty text and no emoji is the status cleared.
  if (!status.status_text && !status.emoji_name) deleteRecords(db, userStatusTable, [user_id]);
  else upsertRecords(db, userStatusTable, [status]);
}

/** The organization's active human owners (the last of them stays one). */
export function activeOwnerIds(db: ReadOnlyMirror): number[] {
  return z.array(z.number()).parse(prepared(db, 'SELECT user_id FROM users WHERE role = ? AND is_active = 1 AND is_bot = 0').pluck().all(ROLES.owner));
}

/** Every address the mirror knows, lowercased: one read for a whole import, whatever its case. */
export function organizationEmails(db: ReadOnlyMirror): Set<string> {
  const rows = z.array(z.object({ email: z.string(), delivery_email: z.string().nullable() })).parse(prepared(db, 'SELECT email, delivery_email FROM users').all());
  return new Set(rows.flatMap((row) => [row.email.toLowerCase(), ...(row.delivery_email ? [row.delivery_email.toLowerCase()] : [])]));
}
