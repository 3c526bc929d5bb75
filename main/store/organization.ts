import type { MirrorDatabase } from './database';
import { prepared } from './keyed-table';

/**
 * Everything the mirror knows of one organization. Bulk jobs are the administrator's own work
 * and stay; the outbox goes, since its actions name the old organization's records.
 */
const ORGANIZATION_TABLES = [
  'realm',
  'users',
  'user_status',
  'presence',
  'presence_report',
  'channels',
  'subscriptions',
  'channel_folders',
  'saved_snippets',
  'scheduled_messages',
  'custom_profile_fields',
  'linkifiers',
  'user_topics',
  'messages',
  'unread_messages',
  'event_queue',
  'outbox',
] as const;

/** A different organization now answers at the account's URL: start its mirror clean. Call inside a transaction. */
export function forgetOrganization(db: MirrorDatabase): void {
  for (const table of ORGANIZATION_TABLES) prepared(db, `DELETE FROM ${table}`).run();
}
