import { expect, it } from 'vitest';
import { forgetExpiredSecrets, jobItems, SECRET_RETENTION_MS } from '../../../../main/store/bulk-jobs';
import { mirrorAt } from './at-version';

it('migration 3 moves the passwords out of the payloads, keeping only those still needed', () => {
  const old = mirrorAt(2);
  old.db.prepare("INSERT INTO bulk_jobs (job_id, kind, state, settings, created_at) VALUES (1, 'create_users', 'running', '{}', 0)").run();
  const item = old.db.prepare('INSERT INTO bulk_job_items (job_id, item_index, state, payload) VALUES (1, ?, ?, ?)');
  const payload = (email: string, password: string, generated: boolean) => JSON.stringify({ line: 2, email, full_name: 'X', password, generated });
  item.run(0, 'done', payload('a@x.com', 'file-sent', false));
  item.run(1, 'done', payload('b@x.com', 'made-sent', true));
  item.run(2, 'pending', payload('c@x.com', 'file-pending', false));
  item.run(3, 'failed', payload('d@x.com', 'made-failed', true));
  item.run(4, 'skipped', payload('e@x.com', '', false));

  const db = old.migrateTo(3);
  const items = jobItems(db, 1);
  expect(items.map((i) => i.secret)).toEqual([null, 'made-sent', 'file-pending', null, null]);
  for (const i of items) expect(i.payload).not.toHaveProperty('password');
  expect(items[1]!.payload).toMatchObject({ email: 'b@x.com', generated: true });
  // The generated one still goes after a day, like any other.
  forgetExpiredSecrets(db, Date.now() + SECRET_RETENTION_MS + 60_000);
  expect(jobItems(db, 1).map((i) => i.secret)).toEqual([null, null, 'file-pending', null, null]);
  db.close();
});
