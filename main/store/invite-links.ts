// What the app asked of each invitation link it created, by link URL: the server's listing of
// invitations does not say which channels and groups a link subscribes people to. Links made one
// at a time are kept in invite_links; links of bulk jobs are read from the jobs' own rows.
import { z } from 'zod';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { prepared } from './keyed-table';
import { reader } from './statements';

export interface InviteLinkSubscriptions {
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
}

const ids = z.array(z.number().int());
/** A JSON text column, parsed and then checked with `schema`. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        const value: unknown = JSON.parse(text);
        return value;
      } catch {
        context.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
const recorded = z.object({
  link_url: z.string(),
  stream_ids: json(ids),
  group_ids: json(ids),
  include_realm_default_subscriptions: z.union([z.literal(0), z.literal(1)]).transform((flag) => flag === 1),
});
const bulkSettings = z.object({ stream_ids: ids.default([]), group_ids: ids.default([]), include_realm_default_subscriptions: z.boolean().default(false) });
const bulkResult = z.looseObject({ invite_link: z.string() });
const bulkItemRow = z.object({ settings: z.string(), result: z.string() });

export function recordInviteLink(db: MirrorDatabase, link_url: string, settings: InviteLinkSubscriptions): void {
  prepared(
    db,
    'INSERT OR REPLACE INTO invite_links (link_url, stream_ids, group_ids, include_realm_default_subscriptions) VALUES (?, ?, ?, ?)',
  ).run(link_url, JSON.stringify(settings.stream_ids), JSON.stringify(settings.group_ids), Number(settings.include_realm_default_subscriptions));
}

/** Every link this account's app created, with what it subscribes people to; rows that do not read back are left out. */
export function inviteLinkSubscriptions(db: ReadOnlyMirror): Map<string, InviteLinkSubscriptions> {
  const byLink = new Map<string, InviteLinkSubscriptions>();
  const bulk = reader(
    db,
    "SELECT j.settings, i.result FROM bulk_job_items i JOIN bulk_jobs j USING (job_id) WHERE j.kind = 'create_invite_links' AND i.result IS NOT NULL",
    bulkItemRow,
  ).all();
  for (const row of bulk) {
    const settings = json(bulkSettings).safeParse(row.settings);
    const result = json(bulkResult).safeParse(row.result);
    if (settings.success && result.success) byLink.set(result.data.invite_link, settings.data);
  }
  for (const row of prepared(db, 'SELECT * FROM invite_links').all()) {
    const checked = recorded.safeParse(row);
    if (checked.success) {
      const { link_url, ...subscriptions } = checked.data;
      byLink.set(link_url, subscriptions);
    }
  }
  return byLink;
}
