// What each invitation link subscribes people to, kept by link URL: links made one at a time in
// their own table (added by migration 2), links of bulk jobs read from the jobs' rows.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { inviteLinkSubscriptions } from '../../../main/store/invite-links';

describe('invitation link subscriptions', () => {
  it('leaves out a row that does not read back', () => {
    const db = openMirror(':memory:');
    db.prepare("INSERT INTO invite_links (link_url, stream_ids, group_ids, include_realm_default_subscriptions) VALUES ('https://x.example/join/c/', '[\"x\"]', '[]', 0)").run();
    db.prepare("INSERT INTO invite_links (link_url, stream_ids, group_ids, include_realm_default_subscriptions) VALUES ('https://x.example/join/d/', 'not json', '[]', 0)").run();
    expect(inviteLinkSubscriptions(db).size).toBe(0);
  });
});
