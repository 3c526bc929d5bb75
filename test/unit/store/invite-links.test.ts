// What each invitation link subscribes people to, kept by link URL: links made one at a time in
// their own table (added by migration 2), links of bulk jobs read from the jobs' rows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { inviteLinkSubscriptions, recordInviteLink } from '../../../main/store/invite-links';

describe('invitation link subscriptions', () => {
  it('brings a version 1 mirror with bulk jobs to version 2 and reads both kinds of links', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'invite-links-')), 'mirror.db');
    const db = openMirror(path, 1);
    db.prepare("INSERT INTO bulk_jobs (job_id, kind, state, settings, created_at) VALUES (1, 'create_invite_links', 'finished', ?, 0)").run(
      JSON.stringify({ invite_as: 400, stream_ids: [3], group_ids: [], include_realm_default_subscriptions: true }),
    );
    db.prepare("INSERT INTO bulk_job_items (job_id, item_index, state, payload, result) VALUES (1, 0, 'done', '{}', ?)").run(JSON.stringify({ invite_link: 'https://x.example/join/a/' }));
    db.prepare("INSERT INTO bulk_job_items (job_id, item_index, state, payload, result) VALUES (1, 1, 'failed', '{}', NULL)").run();
    db.close();

    const migrated = openMirror(path);
    recordInviteLink(migrated, 'https://x.example/join/b/', { stream_ids: [1, 2], group_ids: [9], include_realm_default_subscriptions: false });
    const links = inviteLinkSubscriptions(migrated);
    expect(links.get('https://x.example/join/b/')).toEqual({ stream_ids: [1, 2], group_ids: [9], include_realm_default_subscriptions: false });
    expect(links.get('https://x.example/join/a/')).toEqual({ stream_ids: [3], group_ids: [], include_realm_default_subscriptions: true });
    expect(links.size).toBe(2);
    migrated.close();
  });

  it('leaves out a row that does not read back', () => {
    const db = openMirror(':memory:');
    db.prepare("INSERT INTO invite_links (link_url, stream_ids, group_ids, include_realm_default_subscriptions) VALUES ('https://x.example/join/c/', '[\"x\"]', '[]', 0)").run();
    db.prepare("INSERT INTO invite_links (link_url, stream_ids, group_ids, include_realm_default_subscriptions) VALUES ('https://x.example/join/d/', 'not json', '[]', 0)").run();
    expect(inviteLinkSubscriptions(db).size).toBe(0);
  });
});
