// The invitation-link plan: N links with the same settings, refused as a whole when the caller
// would invite with a role more privileged than their own or is not an administrator.
import { checkInviteAs, checkWelcomeMessageCustomText } from '../../shared/api/checks';
import { z } from 'zod';
import type { JobHalt } from '../../shared/bulk-jobs';
import type { InviteLinkSettings } from '../../shared/ipc';
import type { MirrorDatabase } from '../store/database';
import { callerRole, requireAdministrator } from './caller';
import type { PlannedItem } from '../store/bulk-jobs';

export const invitePayload = z.object({
  /** 1-based number of the link in the job. */
  n: z.number().int(),
});
export type InvitePayload = z.infer<typeof invitePayload>;

export interface InvitePlan {
  blocked: JobHalt | null;
  /** The link settings shared by every item (the job's settings). */
  settings: Omit<InviteLinkSettings, 'count'>;
  items: PlannedItem[];
}

export function planInvites(db: MirrorDatabase, caller_id: number, { count, ...settings }: InviteLinkSettings): InvitePlan {
  const items = Array.from({ length: count }, (_, i): PlannedItem => ({ payload: { n: i + 1 } satisfies InvitePayload }));
  return { blocked: refusal(db, caller_id, settings), settings, items };
}

function refusal(db: MirrorDatabase, caller_id: number, settings: Omit<InviteLinkSettings, 'count'>): JobHalt | null {
  const admin = requireAdministrator(db, caller_id, 'create invitation links in bulk');
  if (admin) return admin;
  const invalid = checkInviteAs(settings.invite_as) ?? checkWelcomeMessageCustomText(settings.welcome_message_custom_text);
  if (invalid) return { code: 'INVALID_ARGUMENT', message: invalid };
  if (settings.invite_as < callerRole(db, caller_id)) {
    return { code: 'ROLE_TOO_PRIVILEGED', message: 'Invitations cannot give a role more privileged than your own.' };
  }
  return null;
}
