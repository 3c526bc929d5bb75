import type { AccountSession } from '../app/session';
import { cachedUser } from './directory-views';
import { UserFacingError } from './dispatch';

/** Actions that cannot wait in the outbox are refused offline, with the reason. */
export function requireOnline(session: AccountSession, action: string): void {
  if (session.engine.status.state !== 'online') throw new UserFacingError('OFFLINE', `${action} needs the connection to the server, and the app is offline.`);
}

/** Owners (100) and administrators (200), from the mirror's record of the signed-in user. */
export function isAdministrator(session: AccountSession): boolean {
  const role = cachedUser(session.db, session.account.user_id)?.role;
  return role === 100 || role === 200;
}
