// Bulk administration: a job is planned (validated, stored, previewed), confirmed, then run by
// main one item at a time, pausable and resumable; its results are exported as CSV.
import { z } from 'zod';
import { directoryFilter } from '../directory-filter';
import { WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH } from '../api/limits';
import { IPC_ARGUMENT_MAX_BYTES } from '../ipc-limits';
import type { BulkItemState, BulkJobKind, BulkJobState, JobHalt } from '../bulk-jobs';
import { channel, id, page } from './define';

export type { BulkItemState, BulkJobKind, BulkJobState, JobHalt };

export interface JobProgress {
  job_id: number;
  kind: BulkJobKind;
  state: BulkJobState;
  total: number;
  done: number;
  failed: number;
  skipped: number;
  /** Pending or running. */
  remaining: number;
  /** Items finished per minute over the last two minutes of the run, waits included; null before there is a measure. */
  rate_per_minute: number | null;
  /** Estimated from the rate; null when unknown. */
  seconds_left: number | null;
  /** The rate and time left come from the job's first seconds only: said as "about". */
  rough: boolean;
  /** The job is waiting on the server's rate limit until then (epoch ms); null when it is not. */
  waiting_until: number | null;
  halt: JobHalt | null;
}

/** One row of a job as the preview and the progress list show it (no passwords). */
export interface BulkItemView {
  item_index: number;
  /** The CSV line for imports; null otherwise. */
  line: number | null;
  /** Who the item is about: an email, or the link's number. */
  label: string;
  state: BulkItemState;
  error_code: string | null;
  error_msg: string | null;
  /** Done, with a note: the user was created but the server refused some of its profile values. */
  warning: string | null;
  /** A role change's: the role given, and the one the user had when it was planned (null if not known). */
  role_change: { role: number; previous_role: number | null } | null;
  /** An invitation link job's: the link the server made for this item, once done. */
  invite_link: string | null;
}

/** Either a stored job to preview and confirm, or why no job can be made (the caller's role). */
export type BulkPlan = { job: JobProgress; blocked: null } | { job: null; blocked: JobHalt };

const inviteSettings = z.object({
  count: z.number().int().min(1).max(500),
  invite_as: z.number().int(),
  stream_ids: z.array(id).max(1000).default([]),
  group_ids: z.array(id).max(1000).default([]),
  include_realm_default_subscriptions: z.boolean().default(false),
  /** null: never expires; absent: the server's default. */
  invite_expires_in_minutes: z.number().int().positive().nullable().optional(),
  welcome_message_custom_text: z.string().max(WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH).nullable().optional(),
});
export type InviteLinkSettings = z.infer<typeof inviteSettings>;

const jobRef = z.object({ job_id: id });

export const bulkChannels = {
  /** Parses and validates a CSV (email, full_name, optionally password) and stores the plan; one IPC call carries it. */
  'bulk.planImport': channel<BulkPlan>()(z.object({ csv: z.string().max(IPC_ARGUMENT_MAX_BYTES) })),
  'bulk.planDeactivate': channel<BulkPlan>()(
    z.object({
      user_ids: z.array(id).max(100_000).default([]),
      emails: z.array(z.string().trim().max(254)).max(100_000).default([]),
      deactivation_notification_comment: z.string().max(2000).optional(),
    }),
  ),
  'bulk.planInvites': channel<BulkPlan>()(inviteSettings),
  /** One role for every user selected in the directory or listed by email; each one's current role is kept for an undo. */
  'bulk.planRoleChange': channel<BulkPlan>()(
    z.object({
      user_ids: z.array(id).max(100_000).default([]),
      emails: z.array(z.string().trim().max(254)).max(100_000).default([]),
      role: z.number().int(),
    }),
  ),
  /** A new job that undoes what a finished or cancelled job did to users. */
  'bulk.planUndo': channel<BulkPlan>()(jobRef),
  /** Confirms a planned job, or resumes a paused one. */
  'bulk.start': channel<JobProgress>()(jobRef),
  'bulk.pause': channel<JobProgress>()(jobRef),
  'bulk.cancel': channel<JobProgress>()(jobRef),
  /** Jobs not finished nor cancelled, newest first: what a restart left to resume. */
  'bulk.unfinished': channel<JobProgress[]>()(z.undefined()),
  /** A page of the job's items, or of those in one state (the preview lists the skipped ones). */
  'bulk.items': channel<{ items: BulkItemView[]; total: number }>()(
    jobRef.extend({ ...page, state: z.enum(['pending', 'running', 'done', 'failed', 'skipped', 'warned']).optional() }),
  ),
  /** The results as CSV: created user ids and generated passwords, links, failures with reasons. */
  'bulk.export': channel<{ filename: string; csv: string }>()(jobRef),
  /** The directory as CSV: the users selected, or those a search and filter find (everyone, deactivated users included, by default). */
  'bulk.exportDirectory': channel<{ filename: string; csv: string }>()(
    z.object({ user_ids: z.array(id).max(100_000).optional(), text: z.string().max(200).optional(), filter: directoryFilter.default('everyone') }),
  ),
  /** A CSV to fill in for an import: its columns and the organization's custom profile fields. */
  'bulk.importTemplate': channel<{ filename: string; csv: string }>()(z.undefined()),
  /** An import's failed and skipped rows, in the import's own format, with their reasons. */
  'bulk.exportRetry': channel<{ filename: string; csv: string }>()(jobRef),
} as const;
