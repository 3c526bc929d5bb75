// The users a bulk job is about, as the plan finds them in the mirror: by user ID (the
// directory's selection) or by an address an administrator listed (pasted, or a file of them).
// An address matches the one the server names the user by or their real address
// (delivery_email), case aside. Organizations may hide real addresses from their administrators
// too; an address that matches no one then says so, and what to list instead.
import type { User } from '../../shared/api/records';
import type { MirrorDatabase } from '../store/database';
import { hiddenAddresses, userById, usersByAddress } from '../store/users';

export interface Skip {
  code: string;
  message: string;
}

/** A user of the mirror, or what named no one (an address, `#<id>`) and why it is skipped. */
export type Listed = { user: User } | { missing: string; skip: Skip };

export function notAUser(what: string): Listed {
  return { missing: what, skip: { code: 'NOT_FOUND', message: `${what} is not a user of this organization.` } };
}

export function listedById(db: MirrorDatabase, user_ids: readonly number[]): Listed[] {
  return user_ids.map((user_id) => {
    const user = userById(db, user_id);
    return user ? { user } : notAUser(`#${user_id}`);
  });
}

/** Each non-empty address, in order, with the user it names; one read of the directory for the whole list. */
export function listedByAddress(db: MirrorDatabase, addresses: readonly string[]): Listed[] {
  const listed = addresses.map((address) => address.trim()).filter((address) => address !== '');
  const found = usersByAddress(db, listed);
  let hidden: ReturnType<typeof hiddenAddresses> | undefined;
  return listed.map((address) => {
    const user = found.get(address.toLowerCase());
    if (user) return { user };
    hidden ??= hiddenAddresses(db);
    return hidden.count === 0 ? notAUser(address) : { missing: address, skip: { code: 'ADDRESS_HIDDEN', message: hiddenAddressMessage(address, hidden, 'list') } };
  });
}

/**
 * An address that matches no one where the server hides some people's real address from the
 * caller: it may be one of theirs, which the server will not match either. Says so, and what
 * works instead: picking them by name, or the address the server names them by (`verb` it).
 */
export function hiddenAddressMessage(address: string, hidden: { count: number; example: string | null }, verb: 'list' | 'look up'): string {
  const people = hidden.count === 1 ? 'one person' : `${hidden.count.toLocaleString('en')} people`;
  const instead = hidden.example === null ? '' : ` (such as ${hidden.example})`;
  return (
    `No user shows you the address ${address}. The server hides the real address of ${people} from you, so it may be one of theirs: ` +
    `find them in the directory by name, or ${verb} the address the server gives them${instead}.`
  );
}
