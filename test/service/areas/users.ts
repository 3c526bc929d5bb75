// Users: listing, lookup by email, creation (administrators with can_create_users), update
// (name, role, profile fields), deactivation and reactivation, with the realm_user events.
import { getUser, getUserByEmail, isOwner, requireAdministrator, ROLE, ROLES } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { ProfileFieldRow, UserRow } from '../db/rows';
import { everyone } from '../events/audience';
import { badRequest, ownerRequired } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { profileDataByUser, visibleByPolicy, userRecord, USER_RECORD_COLUMNS, type UserSource, type UserView } from '../records/user';
import { renderMarkdown } from '../render';
import { generateApiKey } from '../seed/keys';
import { FIELD_TYPE, MARKDOWN_FIELD_TYPES } from './profileFields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME_LENGTH = 100;

function view(sim: Sim, viewer: UserRow, params: Params, includeIsActive = true): UserView {
  const base = { viewer, realmHost: sim.realm().host, clientGravatar: params.bool('client_gravatar') ?? true, includeIsActive };
  return params.bool('include_custom_profile_fields') === true ? { ...base, profileData: profileDataByUser(sim.db) } : base;
}

/** A user record built for each viewer, as every client sees the user its own way. */
export function publishPerson(sim: Sim, target: UserRow, op: 'add' | 'update', person?: Record<string, unknown>): void {
  const profileData = op === 'add' ? profileDataByUser(sim.db) : undefined;
  sim.queues.publish(everyone(sim), (queue) => {
    if (person !== undefined) return { type: 'realm_user', op, person: { user_id: target.user_id, ...person } };
    const viewer = getUser(sim.db, queue.userId);
    if (viewer === undefined) return null;
    const record = userRecord(target, { viewer, realmHost: sim.realm().host, clientGravatar: queue.options.clientGravatar, includeIsActive: true, ...(profileData ? { profileData } : {}) });
    return { type: 'realm_user', op, person: record };
  });
}

function findByEmailParam(sim: Sim, viewer: UserRow, email: string): UserRow | undefined {
  if (/^\d+$/.test(email)) return getUser(sim.db, Number(email));
  // A real address names its owner only to those its visibility setting shows it to: real servers
  // look it up that way, so a member cannot find even themself by a hidden real address.
  const real = getUserByEmail(sim.db, email);
  if (real !== undefined && visibleByPolicy(viewer, real)) return real;
  // The legacy placeholder address names the user by ID.
  const placeholder = /^user(\d+)@(.+)$/i.exec(email);
  if (placeholder !== null && placeholder[2]?.toLowerCase() === sim.realm().host) return getUser(sim.db, Number(placeholder[1]));
  return undefined;
}

function checkProfileValue(sim: Sim, field: ProfileFieldRow, value: unknown): string | null {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  switch (field.field_type) {
    case FIELD_TYPE.user: {
      const ids = Array.isArray(value) ? (value as unknown[]) : [value];
      if (!ids.every((id) => typeof id === 'number' && getUser(sim.db, id) !== undefined)) throw badRequest(`Invalid user ID in field '${field.name}'`);
      return JSON.stringify(ids);
    }
    case FIELD_TYPE.select: {
      const options = JSON.parse(field.field_data ?? '{}') as Record<string, unknown>;
      if (typeof value !== 'string' || !(value in options)) throw badRequest(`'${String(value)}' is not a valid choice for '${field.name}'.`);
      return value;
    }
    case FIELD_TYPE.date:
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest(`${field.name} is not a date`);
      return value;
    case FIELD_TYPE.link:
      if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw badRequest(`${field.name} is not a URL`);
      return value;
    default:
      if (typeof value !== 'string') throw badRequest(`${field.name} is not a string`);
      return value;
  }
}

/** Stores (or clears) one profile field value; returns the custom_profile_field event form. */
function setProfileValue(sim: Sim, userId: number, field: ProfileFieldRow, value: string | null): Record<string, unknown> {
  if (value === null) {
    sim.db.prepare('DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?').run(userId, field.id);
    return { id: field.id, value: null };
  }
  const rendered = MARKDOWN_FIELD_TYPES.includes(field.field_type) ? renderMarkdown(value) : null;
  sim.db
    .prepare('INSERT OR REPLACE INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)')
    .run(userId, field.id, value, rendered);
  return rendered === null ? { id: field.id, value } : { id: field.id, value, rendered_value: rendered };
}

function activeOwnerCount(sim: Sim): number {
  return sim.db.prepare('SELECT COUNT(*) FROM users WHERE role = ? AND is_active = 1 AND is_bot = 0').pluck().get(ROLE.owner) as number;
}

export const userRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users',
    params: ['client_gravatar', 'include_custom_profile_fields', 'user_ids'],
    handle({ sim, user, params }) {
      const ids = params.intList('user_ids');
      let rows: UserSource[];
      if (ids === undefined) {
        rows = sim.db.prepare(`SELECT ${USER_RECORD_COLUMNS} FROM users ORDER BY user_id`).all() as UserSource[];
      } else {
        rows = ids.map((id) => {
          const row = getUser(sim.db, id);
          if (row === undefined) throw badRequest(`Invalid user ID: ${id}`);
          return row;
        });
      }
      const userView = view(sim, user, params);
      return { members: rows.map((row) => userRecord(row, userView)) };
    },
  },
  {
    // Oneself, whatever the organization hides: the address fields and the newest message ID too.
    method: 'GET',
    path: '/users/me',
    params: [],
    handle({ sim, user }) {
      const record = userRecord(user, { viewer: user, realmHost: sim.realm().host, clientGravatar: false, includeIsActive: true, profileData: profileDataByUser(sim.db) });
      if (record['bot_type'] === null) delete record['bot_type'];
      return { ...record, max_message_id: sim.db.prepare('SELECT COALESCE(MAX(id), -1) FROM messages').pluck().get() };
    },
  },
  {
    method: 'GET',
    path: '/users/{email}',
    params: ['client_gravatar', 'include_custom_profile_fields'],
    handle({ sim, user, params, path }) {
      const target = findByEmailParam(sim, user, path.string('email'));
      if (target === undefined) throw badRequest('No such user');
      return { user: userRecord(target, view(sim, user, params)) };
    },
  },
  {
    method: 'POST',
    path: '/users',
    params: ['email', 'password', 'full_name'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      if (user.can_create_users !== 1) throw badRequest('User not authorized to create users');
      const email = params.requiredString('email').trim();
      const password = params.requiredString('password');
      const fullName = params.requiredString('full_name').trim();
      if (!EMAIL.test(email)) throw badRequest(`Invalid email '${email}'`);
      if (fullName === '' || fullName.length > MAX_NAME_LENGTH) throw badRequest('Invalid full name');
      if (getUserByEmail(sim.db, email) !== undefined) throw badRequest('Email is already in use.');
      const userId = sim.db.transaction(() => {
        const { lastInsertRowid } = sim.db
          .prepare('INSERT INTO users (email, full_name, api_key, role, date_joined, password, email_address_visibility) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(email, fullName, generateApiKey(), ROLE.member, nowSeconds(), password, sim.realm().default_email_address_visibility);
        const id = Number(lastInsertRowid);
        sim.db.prepare('INSERT INTO subscriptions (user_id, stream_id) SELECT ?, stream_id FROM streams WHERE is_default = 1 AND is_archived = 0').run(id);
        return id;
      })();
      const created = getUser(sim.db, userId);
      if (created !== undefined) publishPerson(sim, created, 'add');
      return { user_id: userId };
    },
  },
  {
    method: 'PATCH',
    path: '/users/{user_id}',
    params: ['full_name', 'role', 'profile_data'],
    handle({ sim, user, params, path }) {
      requireAdministrator(user);
      const target = getUser(sim.db, path.int('user_id'));
      if (target === undefined || target.is_bot === 1) throw badRequest('No such user');
      const fullName = params.string('full_name')?.trim();
      const role = params.int('role');
      const profileData = params.json('profile_data');
      if (fullName !== undefined && (fullName === '' || fullName.length > MAX_NAME_LENGTH)) throw badRequest('Invalid full name');
      if (role !== undefined) {
        if (!ROLES.includes(role)) throw badRequest('Invalid role');
        if ((role === ROLE.owner || target.role === ROLE.owner) && !isOwner(user)) throw ownerRequired();
        if (target.role === ROLE.owner && role !== ROLE.owner && activeOwnerCount(sim) <= 1) {
          throw badRequest('The owner permission cannot be removed from the only organization owner.');
        }
      }
      const changes: { field: ProfileFieldRow; value: string | null }[] = [];
      if (profileData !== undefined) {
        if (!Array.isArray(profileData)) throw badRequest('profile_data is not a list');
        for (const item of profileData as unknown[]) {
          const { id, value } = (typeof item === 'object' && item !== null ? item : {}) as { id?: unknown; value?: unknown };
          const field = sim.db.prepare('SELECT * FROM custom_profile_fields WHERE id = ?').get(id) as ProfileFieldRow | undefined;
          if (field === undefined) throw badRequest(`Field id ${String(id)} not found.`);
          changes.push({ field, value: checkProfileValue(sim, field, value) });
        }
      }
      if (fullName !== undefined && fullName !== target.full_name) {
        sim.db.prepare('UPDATE users SET full_name = ? WHERE user_id = ?').run(fullName, target.user_id);
        publishPerson(sim, target, 'update', { full_name: fullName });
      }
      if (role !== undefined && role !== target.role) {
        sim.db.prepare('UPDATE users SET role = ? WHERE user_id = ?').run(role, target.user_id);
        publishPerson(sim, target, 'update', { role });
      }
      for (const { field, value } of changes) {
        publishPerson(sim, target, 'update', { custom_profile_field: setProfileValue(sim, target.user_id, field, value) });
      }
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/users/{user_id}',
    params: ['deactivation_notification_comment'],
    handle({ sim, user, params, path }) {
      requireAdministrator(user);
      const target = getUser(sim.db, path.int('user_id'));
      if (target === undefined || target.is_bot === 1 || target.is_active !== 1) throw badRequest('No such user');
      if (isOwner(target) && !isOwner(user)) throw ownerRequired();
      if (isOwner(target) && activeOwnerCount(sim) <= 1) throw badRequest('Cannot deactivate the only organization owner');
      const comment = params.string('deactivation_notification_comment');
      sim.db.prepare('UPDATE users SET is_active = 0 WHERE user_id = ?').run(target.user_id);
      if (comment !== undefined) sim.db.prepare('INSERT INTO deactivation_emails (user_id, comment) VALUES (?, ?)').run(target.user_id, comment === '' ? null : comment);
      publishPerson(sim, target, 'update', { is_active: false });
      return {};
    },
  },
  {
    method: 'POST',
    path: '/users/{user_id}/reactivate',
    params: [],
    handle({ sim, user, path }) {
      requireAdministrator(user);
      const target = getUser(sim.db, path.int('user_id'));
      if (target === undefined || target.is_bot === 1) throw badRequest('No such user');
      if (target.is_active === 1) throw badRequest('User is already active');
      // As for a role change: only owners may bring an owner back.
      if (isOwner(target) && !isOwner(user)) throw ownerRequired();
      sim.db.prepare('UPDATE users SET is_active = 1 WHERE user_id = ?').run(target.user_id);
      publishPerson(sim, target, 'update', { is_active: true });
      return {};
    },
  },
];
