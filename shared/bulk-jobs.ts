// The bulk jobs' domain: what a job is, the states of a job and of its items, and why a job
// halts. Shared by main/store (which reads them back from SQLite), main/admin and the IPC contract.
import { z } from 'zod';

export const bulkJobKind = z.enum(['create_users', 'deactivate_users', 'create_invite_links', 'reactivate_users', 'change_roles']);
export type BulkJobKind = z.infer<typeof bulkJobKind>;

/** planned: stored and previewed, waiting for confirmation; nothing has been sent yet. */
export const bulkJobState = z.enum(['planned', 'running', 'paused', 'cancelled', 'finished']);
export type BulkJobState = z.infer<typeof bulkJobState>;

export const bulkItemState = z.enum(['pending', 'running', 'done', 'failed', 'skipped']);
export type BulkItemState = z.infer<typeof bulkItemState>;

/** Why a job stopped by itself: the server refused the caller, not one item. */
export const jobHalt = z.object({
  code: z.string(),
  message: z.string(),
  /** What the app offers instead (creating users without can_create_users: invitation links). */
  fallback: z.literal('invite_links').optional(),
});
export type JobHalt = z.infer<typeof jobHalt>;
