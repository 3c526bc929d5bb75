// The organization's invitations and user groups as the server sends them (the reference's
// `GET /invites` and registration's `realm_user_groups`), checked before the app relies on them.
import { z } from 'zod';

export const inviteSchema = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  /** When the invitation was created, in UTC seconds. */
  invited: z.number(),
  /** null: never expires. */
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  /** Present on reusable invitation links only. */
  link_url: z.string().optional(),
  /** Present on email invitations only. */
  email: z.string().optional(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().default(''),
  is_system_group: z.boolean(),
  deactivated: z.boolean().default(false),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export interface RevokeInviteLinkParams {
  invite_id: number;
}
