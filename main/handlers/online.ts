import type { AccountSession } from '../app/session';
import { isAdministrator as isAdministratorIn } from '../admin/caller';
import { UserFacingError } from './dispatch';

/** Actions that cannot wait in the outbox are refused offline, with the reason. */
export function requireOnline(session: AccountSession, action: string): void {
  if (session.engine.status.state !== 'online') throw new UserFacingError('OFFLINE', `${action} needs the connection to the server, and the app is offline.`);
}

/** Owners and administrators, from the mirror's record of the signed-in user. */
export function isAdministrator(session: AccountSession): boolean {
  return isAdministratorIn(session.db, session.account.user_id);
}
