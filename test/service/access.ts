// Roles, and who may see or act on which user, channel and message.
import type { Db } from './db/schema';
import type { MessageRow, StreamRow, UserRow } from './db/rows';
import { administratorRequired, badRequest } from './http/errors';

/** Who may see a user's real address: everyone (the default), or fewer (records/user.ts). */
const EMAIL_VISIBILITY_EVERYONE = 1;

export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export const ROLES: readonly number[] = Object.values(ROLE);

export const isOwner = (user: UserRow): boolean => user.role === ROLE.owner;
export const isAdmin = (user: UserRow): boolean => user.role <= ROLE.administrator;
export const isModerator = (user: UserRow): boolean => user.role <= ROLE.moderator;
export const isGuest = (user: UserRow): boolean => user.role === ROLE.guest;

export function requireAdministrator(user: UserRow): void {
  if (!isAdmin(user)) throw administratorRequired();
}

export function getUser(db: Db, userId: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE user_id = ?').get(userId) as UserRow | undefined;
}

export function getUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as UserRow | undefined;
}

/**
 * The user an address names in API calls: the placeholder `user<ID>@<host>` of someone whose
 * address is hidden, or the real address of someone whose address everyone may see (bots included).
 * A hidden real address names nobody, as on real servers.
 */
export function userByApiEmail(db: Db, realmHost: string, email: string): UserRow | undefined {
  const placeholder = /^user(\d+)@(.+)$/i.exec(email.trim());
  if (placeholder !== null && placeholder[2]?.toLowerCase() === realmHost.toLowerCase()) {
    const user = getUser(db, Number(placeholder[1]));
    if (user !== undefined) return user;
  }
  const user = getUserByEmail(db, email.trim());
  return user !== undefined && (user.is_bot === 1 || user.email_address_visibility === EMAIL_VISIBILITY_EVERYONE) ? user : undefined;
}

export function getStream(db: Db, streamId: number): StreamRow | undefined {
  return db.prepare('SELECT * FROM streams WHERE stream_id = ?').get(streamId) as StreamRow | undefined;
}

export function getStreamByName(db: Db, name: string): StreamRow | undefined {
  return db.prepare('SELECT * FROM streams WHERE name = ? COLLATE NOCASE').get(name) as StreamRow | undefined;
}

export function isSubscribed(db: Db, userId: number, streamId: number): boolean {
  return db.prepare('SELECT 1 FROM subscriptions WHERE user_id = ? AND stream_id = ? AND active = 1').get(userId, streamId) !== undefined;
}

export function subscriberIds(db: Db, streamId: number): number[] {
  return db
    .prepare('SELECT s.user_id FROM subscriptions s JOIN users u USING (user_id) WHERE s.stream_id = ? AND s.active = 1 AND u.is_active = 1')
    .pluck()
    .all(streamId) as number[];
}

/** Who can see that the channel exists (name, description, settings). */
export function canAccessChannelMetadata(db: Db, user: UserRow, stream: StreamRow): boolean {
  if (isAdmin(user) || stream.is_web_public === 1) return true;
  if (stream.invite_only === 0 && !isGuest(user)) return true;
  return isSubscribed(db, user.user_id, stream.stream_id);
}

/** Who can read the channel's messages. */
export function canAccessChannelContent(db: Db, user: UserRow, stream: StreamRow): boolean {
  if (isSubscribed(db, user.user_id, stream.stream_id)) return true;
  return stream.invite_only === 0 && !isGuest(user);
}

export function dmParticipants(message: Pick<MessageRow, 'dm_key'>): number[] {
  return (message.dm_key ?? '').split(',').filter(Boolean).map(Number);
}

export function canSeeMessage(db: Db, user: UserRow, message: MessageRow): boolean {
  if (db.prepare('SELECT 1 FROM user_messages WHERE user_id = ? AND message_id = ?').get(user.user_id, message.id) !== undefined) return true;
  if (message.type === 'private' || message.stream_id === null) return false;
  const stream = getStream(db, message.stream_id);
  if (stream === undefined) return false;
  if (isSubscribed(db, user.user_id, stream.stream_id)) return stream.history_public_to_subscribers === 1;
  return stream.invite_only === 0 && !isGuest(user);
}

/** A message the user may see, for acting on it; any other is "invalid", as real servers say. */
export function accessibleMessage(db: Db, user: UserRow, messageId: number): MessageRow {
  const message = db.prepare('SELECT * FROM messages WHERE id = ?').get(messageId) as MessageRow | undefined;
  if (message === undefined || !canSeeMessage(db, user, message)) throw badRequest('Invalid message(s)');
  return message;
}
