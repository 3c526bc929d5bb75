// Web permissions: denied, except the few the app uses, and only for the app's own pages.
import type { Session } from 'electron';
import { isAppUrl } from './app-url';

const ALLOWED = new Set<string>(['clipboard-sanitized-write', 'notifications']);

export function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return ALLOWED.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

export function installPermissionPolicy(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin));
}
