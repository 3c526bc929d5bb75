// The organization's user groups: the API lists them only in a registration.
import { z } from 'zod';
import { userGroupSchema, type UserGroup } from '../../shared/api/invites';
import { checkedAnswer } from './checked-answer';
import type { CallOptions, ServiceClient } from './service-client';

/** Registers a queue asking for the user groups and nothing else, and deletes it at once. */
export async function getUserGroups(client: ServiceClient, options?: CallOptions): Promise<UserGroup[]> {
  const result = await client.call('registerQueue', { fetch_event_types: ['realm_user_groups'], event_types: ['realm_user_groups'] }, options);
  if (result.queue_id !== null) await client.call('deleteQueue', { queue_id: result.queue_id }, options);
  return checkedAnswer('POST /register', 'realm_user_groups', z.array(userGroupSchema), result['realm_user_groups']);
}
