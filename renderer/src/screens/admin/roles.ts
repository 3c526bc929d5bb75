// What the caller's role allows in the administration screens (the server has the last word).
import { ROLES } from '../../../../shared/api/limits';
import type { MeView } from '../../../../shared/ipc';
import { roleName } from '../../lib/labels';

/** Owners are administrators too; an unknown role (mirror not loaded yet) is not. */
export const isAdministrator = (me: MeView): boolean => me.role !== null && me.role <= ROLES.administrator;

/** Why an administrators-only form is not offered; undefined when it is. */
export function adminOnlyReason(me: MeView, what: string): string | undefined {
  if (isAdministrator(me)) return undefined;
  const role = me.role === null ? 'not known yet' : roleName(me.role).toLowerCase();
  return `Only organization administrators can ${what}; your role is ${role}.`;
}
