// What each kind of job sends for one item, how an item whose outcome a crash left unknown is
// checked on the server before it is sent again, and which refusals concern the whole job
// (the caller's rights) rather than the item.
import type { CreateInviteLinkParams } from '../../shared/api/operations';
import type { BulkJobKind, JobHalt } from '../../shared/ipc';
import { ServiceError, ValidationError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import type { ItemRow, JobSettings } from './job-store';
import type { CreateUserPayload } from './plan-create-users';
import type { DeactivatePayload } from './plan-deactivate';

/** After a check on the server: done (with what the answer would have been), or still to send. */
export type Recovered = { done: Record<string, unknown> } | { resend: true } | { failed: { code: string; message: string } };

export interface JobOperation {
  send(client: ServiceClient, item: Pick<ItemRow, 'payload' | 'secret'>, settings: JobSettings): Promise<Record<string, unknown>>;
  recover(client: ServiceClient, payload: Record<string, unknown>): Promise<Recovered>;
  /** A refusal that every other item would get too: the job halts instead of failing each. */
  haltFor(error: ServiceError): JobHalt | null;
}

// The service refuses missing rights with UNAUTHORIZED_PRINCIPAL, or BAD_REQUEST and a sentence.
const NOT_PERMITTED = /not (authorized|allowed)|permission|must be an? (organization )?(administrator|owner)|insufficient/i;

function permissionRefusal(error: ServiceError): boolean {
  return error.code === 'UNAUTHORIZED_PRINCIPAL' || (error.code === 'BAD_REQUEST' && NOT_PERMITTED.test(error.msg));
}

/** The service's answer for an email it does not know. */
const isNoSuchUser = (error: unknown) => error instanceof ServiceError && error.code === 'BAD_REQUEST' && /no such user/i.test(error.msg);

const createUsers: JobOperation = {
  async send(client, { payload, secret }) {
    const { email, full_name } = payload as unknown as CreateUserPayload;
    if (secret === null) throw new ValidationError('POST /users', [{ param: 'password', message: 'The initial password of this row is no longer kept; import the row again.' }]);
    return await client.createUser({ email, full_name, password: secret });
  },
  async recover(client, payload) {
    const { email } = payload as unknown as CreateUserPayload;
    try {
      const { user } = await client.getUserByEmail({ email });
      return { done: { user_id: user.user_id } };
    } catch (error) {
      if (isNoSuchUser(error)) return { resend: true };
      throw error;
    }
  },
  haltFor(error) {
    if (!permissionRefusal(error)) return null;
    return {
      code: error.code,
      message: `The server refused to create users: ${error.msg}. Creating users needs the can_create_users permission as well as the administrator role; reusable invitation links can invite the same people instead.`,
      fallback: 'invite_links',
    };
  },
};

const deactivateUsers: JobOperation = {
  async send(client, { payload }, settings) {
    const { user_id } = payload as unknown as DeactivatePayload;
    const comment = settings.deactivation_notification_comment;
    await client.deactivateUser({ user_id: user_id!, ...(typeof comment === 'string' && { deactivation_notification_comment: comment }) });
    return {};
  },
  async recover(client, payload) {
    const { email } = payload as unknown as DeactivatePayload;
    try {
      const { user } = await client.getUserByEmail({ email });
      return user.is_active === false ? { done: {} } : { resend: true };
    } catch (error) {
      if (isNoSuchUser(error)) return { failed: { code: 'NOT_FOUND', message: `${email} is no longer a user of this organization.` } };
      throw error;
    }
  },
  // "Must be an organization owner" concerns one target (an owner), not the job.
  haltFor: (error) =>
    permissionRefusal(error) && !/owner/i.test(error.msg) ? { code: error.code, message: `The server refused to deactivate users: ${error.msg}` } : null,
};

const createInviteLinks: JobOperation = {
  async send(client, _payload, settings) {
    const { halt: _halt, ...params } = settings;
    return await client.createInviteLink(params as CreateInviteLinkParams);
  },
  // The API lists no invitation links, so a link that may exist is not sent twice: it is reported.
  recover: () =>
    Promise.resolve({ failed: { code: 'UNKNOWN_OUTCOME', message: 'The app stopped while this link was being created; it may exist on the server.' } }),
  haltFor: (error) => (permissionRefusal(error) ? { code: error.code, message: `The server refused to create invitation links: ${error.msg}` } : null),
};

export const operations: Record<BulkJobKind, JobOperation> = {
  create_users: createUsers,
  deactivate_users: deactivateUsers,
  create_invite_links: createInviteLinks,
};
