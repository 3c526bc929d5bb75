// Muting users (the family's /users/me/muted_users, not in the spec), as real servers do it: the
// list comes with the registration and, after each change, whole in a muted_users event to the
// one who muted; muting marks the muted user's messages read for them, and later ones arrive read.
import { getUser } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { FLAG } from '../records/message';
import { changeFlags } from './flags';

/** Whom this user muted, and when, as the registration and the event list them. */
export function mutedUsers(sim: Sim, user_id: number): { id: number; timestamp: number }[] {
  return sim.db.prepare('SELECT muted_user_id AS id, timestamp FROM muted_users WHERE user_id = ? ORDER BY timestamp, muted_user_id').all(user_id) as {
    id: number;
    timestamp: number;
  }[];
}

/** Those who muted this sender: their copies of its messages arrive read. */
export function mutedBy(sim: Sim, sender_id: number): number[] {
  return sim.db.prepare('SELECT user_id FROM muted_users WHERE muted_user_id = ?').pluck().all(sender_id) as number[];
}

function isMuted(sim: Sim, user: UserRow, muted_user_id: number): boolean {
  return sim.db.prepare('SELECT 1 FROM muted_users WHERE user_id = ? AND muted_user_id = ?').get(user.user_id, muted_user_id) !== undefined;
}

function mutedUserOf(sim: Sim, id: string): UserRow {
  const target = getUser(sim.db, Number(id));
  if (target === undefined) throw badRequest('No such user');
  return target;
}

function publish(sim: Sim, user: UserRow): void {
  sim.queues.publish([user.user_id], { type: 'muted_users', muted_users: mutedUsers(sim, user.user_id) });
}

export const mutedUserRoutes: Route[] = [
  {
    method: 'POST',
    path: '/users/me/muted_users/{muted_user_id}',
    params: [],
    handle({ sim, user, path }) {
      if (Number(path.string('muted_user_id')) === user.user_id) throw badRequest('Cannot mute self');
      const muted = mutedUserOf(sim, path.string('muted_user_id'));
      if (isMuted(sim, user, muted.user_id)) throw badRequest('User already muted');
      sim.db.prepare('INSERT INTO muted_users (user_id, muted_user_id, timestamp) VALUES (?, ?, ?)').run(user.user_id, muted.user_id, nowSeconds());
      const unread = sim.db
        .prepare(`SELECT m.* FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = ? WHERE m.sender_id = ? AND (um.flags & ${FLAG.read}) = 0`)
        .all(user.user_id, muted.user_id) as MessageRow[];
      if (unread.length > 0) changeFlags(sim, user, unread, { op: 'add', flag: 'read' });
      publish(sim, user);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/users/me/muted_users/{muted_user_id}',
    params: [],
    handle({ sim, user, path }) {
      const muted = mutedUserOf(sim, path.string('muted_user_id'));
      if (!isMuted(sim, user, muted.user_id)) throw badRequest('User is not muted');
      sim.db.prepare('DELETE FROM muted_users WHERE user_id = ? AND muted_user_id = ?').run(user.user_id, muted.user_id);
      publish(sim, user);
      return {};
    },
  },
];
