// What the viewer's role lets them do to one person from the directory's profile: the spec's
// rules (administrators deactivate users; roles 100 owner … 600 guest; the only owner stays an
// active owner) and the reference server's (only owners make, unmake, deactivate or bring back an
// owner; bots are managed elsewhere). The server has the last word; this decides what is offered.
import { ROLES } from './api/limits';

export interface Viewer {
  user_id: number;
  /** null until the mirror holds the viewer: nothing is offered then. */
  role: number | null;
}

export interface Person {
  user_id: number;
  role: number;
  is_active: boolean;
  is_bot: boolean;
}

/** An action offered, or the reason it is not (shown beside it); absent when the viewer's role never offers it. */
export type Offer = { allowed: true } | { allowed: false; reason: string };

export interface PersonActions {
  directMessage: boolean;
  changeRole?: Offer;
  deactivate?: Offer;
  reactivate?: Offer;
  setStatus?: Offer;
}

/** Whether the person is the organization's only active owner (who must stay one), given its active human owners. */
export const isOnlyOwner = (user_id: number, activeOwners: readonly number[]): boolean => activeOwners.length === 1 && activeOwners[0] === user_id;

const ALLOWED: Offer = { allowed: true };
const refused = (reason: string): Offer => ({ allowed: false, reason });

/** `activeOwners`: the organization's active human owners (the only one cannot stop being one). */
export function personActions(viewer: Viewer, person: Person, activeOwners: readonly number[]): PersonActions {
  const self = viewer.user_id === person.user_id;
  const directMessage = person.is_active && !self;
  const administrator = viewer.role !== null && viewer.role <= ROLES.administrator;
  if (!administrator || person.is_bot) return { directMessage };
  const owner = viewer.role === ROLES.owner;
  const ownerTarget = person.role === ROLES.owner;
  const onlyOwner = ownerTarget && isOnlyOwner(person.user_id, activeOwners);
  if (!person.is_active) {
    return { directMessage, reactivate: ownerTarget && !owner ? refused('Only organization owners can reactivate an owner.') : ALLOWED };
  }
  const changeRole = self
    ? refused('You cannot change your own role here.')
    : ownerTarget && !owner
      ? refused('Only organization owners can change the role of an owner.')
      : onlyOwner
        ? refused('The only owner of the organization must stay an owner.')
        : ALLOWED;
  const deactivate = self
    ? refused('You cannot deactivate your own account here.')
    : onlyOwner
      ? refused('The only owner of the organization cannot be deactivated.')
      : ownerTarget && !owner
        ? refused('Only organization owners can deactivate an owner.')
        : ALLOWED;
  return { directMessage, changeRole, deactivate, setStatus: ALLOWED };
}

/** The roles the viewer may give: owners any, administrators any but owner. */
export function grantableRoles(viewer: Viewer): number[] {
  const all = Object.values(ROLES);
  return viewer.role === ROLES.owner ? all : all.filter((role) => role !== ROLES.owner);
}
