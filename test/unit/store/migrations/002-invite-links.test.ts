import { expect, it } from 'vitest';
import { inviteLinkSubscriptions, recordInviteLink } from '../../../../main/store/invite-links';
import { mirrorAt } from './at-version';

it('migration 2 keeps the links of bulk jobs made at version 1 and adds the table of links made one at a time', () => {
  const old = mirrorAt(1);
  old.db.prepare("INSERT INTO bulk_jobs (job_id, kind, state, settings, created_at) VALUES (1, 'create_invite_links', 'finished', ?, 0)").run(
    JSON.stringify({ invite_as: 400, stream_ids: [3], group_ids: [], include_realm_default_subscriptions: true }),
  );
  old.db.prepare("INSERT INTO bulk_job_items (job_id, item_index, state, payload, result) VALUES (1, 0, 'done', '{}', ?)").run(JSON.stringify({ invite_link: 'https://x.example/join/a/' }));
  old.db.prepare("INSERT INTO bulk_job_items (job_id, item_index, state, payload, result) VALUES (1, 1, 'failed', '{}', NULL)").run();

  const db = old.migrateTo(2);
  recordInviteLink(db, 'https://x.example/join/b/', { stream_ids: [1, 2], group_ids: [9], include_realm_default_subscriptions: false });
  const links = inviteLinkSubscriptions(db);
  expect(links.get('https://x.example/join/b/')).toEqual({ stream_ids: [1, 2], group_ids: [9], include_realm_default_subscriptions: false });
  expect(links.get('https://x.example/join/a/')).toEqual({ stream_ids: [3], group_ids: [], include_realm_default_subscriptions: true });
  expect(links.size).toBe(2);
  db.close();
});
