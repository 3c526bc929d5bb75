// What each kind of job sends for one item, how an item whose outcome a crash left unknown is
// checked on the server before it is sent again, and which refusals concern the whole job
// (the caller's rights) rather than the item.
import { z } from 'zod';
import type { CreateInviteLinkParams } from '../../shared/api/operations';
import type { BulkJobKind, JobHalt } from '../../shared/bulk-jobs';
import type { User } from '../../shared/api/records';
import { ValidationError } from '../api/errors';
import { classifyFailure, type Failure } from '../api/failures';
import type { CallOptions, ServiceClient } from '../api/service-client';
import type { ItemRow, JobSettings } from '../store/bulk-jobs';
import { createUserPayload } from './plan-create-users';
import { deactivatePayload } from './plan-deactivate';
import { roleChangePayload } from './plan-roles';

/** After a check on the server: done (with what the answer would have been), or still to send. */
export type Recovered = { done: Record<string, unknown> } | { resend: true } | { failed: { code: string; message: string } };

export interface JobOperation {
  send(client: ServiceClient, item: Pick<ItemRow, 'payload' | 'secret'>, settings: JobSettings, options: CallOptions): Promise<Record<string, unknown>>;
  recover(client: ServiceClient, payload: Record<string, unknown>): Promise<Recovered>;
  /** A refusal that every other item would get too: the job halts instead of failing each. */
  /** Whether a refusal stops the whole job (the caller lacks the right), not only its item. */
  haltFor(failure: Failure): JobHalt | null;
}

// The service refuses missing rights with UNAUTHORIZED_PRINCIPAL, or BAD_REQUEST and a sentence.
const NOT_PERMITTED = /not (authorized|allowed)|permission|must be an? (organization )?(administrator|owner)|insufficient/i;

function permissionRefusal(failure: Failure): boolean {
  return failure.code === 'UNAUTHORIZED_PRINCIPAL' || (failure.code === 'BAD_REQUEST' && NOT_PERMITTED.test(failure.message));
}

/** The service's answer for an email it does not know. */
function isNoSuchUser(error: unknown): boolean {
  const failure = classifyFailure(error);
  return failure.code === 'BAD_REQUEST' && /no such user/i.test(failure.message);
}

/** A user the mirror knew when the job was planned: items without one are skipped, never sent. */
function sendable(payload: Record<string, unknown>): { user_id: number; email: string } {
  const { user_id, email } = deactivatePayload.parse(payload);
  if (user_id === null) throw new ValidationError('bulk job item', [{ param: 'user_id', message: `${email} is not a user of this organization.` }]);
  return { user_id, email };
}

/** Refusals about one target (an owner, the last owner), not about the caller's right to the job. */
const haltUnlessAboutOwner = (what: string) => (failure: Failure) =>
  permissionRefusal(failure) && !/owner/i.test(failure.message) ? { code: failure.code, message: `The server refused to ${what}: ${failure.message}` } : null;

/** Asks the server for the user's record and whether the item's change is already there. */
async function userNow(client: ServiceClient, email: string, changed: (user: User) => boolean): Promise<Recovered> {
  try {
    const { user } = await client.call('getUserByEmail', { email });
    return changed(user) ? { done: {} } : { resend: true };
  } catch (error) {
    if (isNoSuchUser(error)) return { failed: { code: 'NOT_FOUND', message: `${email} is no longer a user of this organization.` } };
    throw error;
  }
}

const createUsers: JobOperation = {
  async send(client, { payload, secret }, _settings, options) {
    const { email, full_name, profile_data } = createUserPayload.parse(payload);
    if (secret === null) throw new ValidationError('POST /users', [{ param: 'password', message: 'The initial password of this row is no longer kept; import the row again.' }]);
    const created = await client.call('createUser', { email, full_name, password: secret }, options);
    if (profile_data.length === 0) return created;
    // The user exists whatever happens next: a refused value is reported with the created user.
    try {
      await client.call('updateUser', { user_id: created.user_id, profile_data }, options);
      return created;
    } catch (error) {
      // The server's answer about the values; a call that did not get one fails the item as any other.
      const failure = classifyFailure(error);
      if (failure.kind === 'unreachable' || failure.kind === 'invalid' || failure.kind === 'internal') throw error;
      return { ...created, profile_error: failure.message };
    }
  },
  async recover(client, payload) {
    const { email } = createUserPayload.parse(payload);
    try {
      const { user } = await client.call('getUserByEmail', { email });
      return { done: { user_id: user.user_id } };
    } catch (error) {
      if (isNoSuchUser(error)) return { resend: true };
      throw error;
    }
  },
  haltFor(failure) {
    if (!permissionRefusal(failure)) return null;
    return {
      code: failure.code,
      message: `The server refused to create users: ${failure.message}. Creating users needs the can_create_users permission as well as the administrator role; reusable invitation links can invite the same people instead.`,
      fallback: 'invite_links',
    };
  },
};

const deactivateUsers: JobOperation = {
  async send(client, { payload }, settings, options) {
    const { user_id } = sendable(payload);
    const comment = settings.deactivation_notification_comment;
    await client.call('deactivateUser', { user_id, ...(typeof comment === 'string' && { deactivation_notification_comment: comment }) }, options);
    return {};
  },
  recover: (client, payload) => userNow(client, deactivatePayload.parse(payload).email, (user) => !user.is_active),
  // "Must be an organization owner" concerns one target (an owner), not the job.
  haltFor: haltUnlessAboutOwner('deactivate users'),
};

/** A job's invitation settings, read back from the mirror: checked before they are sent. */
const inviteLinkSettings = z.object({
  invite_expires_in_minutes: z.number().int().nullable().optional(),
  invite_as: z.number().int().optional(),
  stream_ids: z.array(z.number().int()).optional(),
  group_ids: z.array(z.number().int()).optional(),
  include_realm_default_subscriptions: z.boolean().optional(),
  welcome_message_custom_text: z.string().nullable().optional(),
});
const createInviteLinkParams = z.custom<CreateInviteLinkParams>((value) => inviteLinkSettings.safeParse(value).success, {
  error: 'the invitation settings of this job are not in the form the app sends',
});

const createInviteLinks: JobOperation = {
  async send(client, _payload, settings, options) {
    const { halt: _halt, ...params } = settings;
    return await client.call('createInviteLink', createInviteLinkParams.parse(params), options);
  },
  // The API lists no invitation links, so a link that may exist is not sent twice: it is reported.
  recover: () =>
    Promise.resolve({ failed: { code: 'UNKNOWN_OUTCOME', message: 'The app stopped while this link was being created; it may exist on the server.' } }),
  haltFor: (failure) => (permissionRefusal(failure) ? { code: failure.code, message: `The server refused to create invitation links: ${failure.message}` } : null),
};

const reactivateUsers: JobOperation = {
  async send(client, { payload }, _settings, options) {
    await client.call('reactivateUser', { user_id: sendable(payload).user_id }, options);
    return {};
  },
  recover: (client, payload) => userNow(client, sendable(payload).email, (user) => user.is_active),
  haltFor: haltUnlessAboutOwner('reactivate users'),
};

const changeRoles: JobOperation = {
  async send(client, { payload }, _settings, options) {
    const { role } = roleChangePayload.parse(payload);
    await client.call('updateUser', { user_id: sendable(payload).user_id, role }, options);
    return {};
  },
  recover(client, payload) {
    const { role } = roleChangePayload.parse(payload);
    return userNow(client, sendable(payload).email, (user) => user.role === role);
  },
  haltFor: haltUnlessAboutOwner('change roles'),
};

export const operations: Record<BulkJobKind, JobOperation> = {
  create_users: createUsers,
  deactivate_users: deactivateUsers,
  create_invite_links: createInviteLinks,
  reactivate_users: reactivateUsers,
  change_roles: changeRoles,
};
