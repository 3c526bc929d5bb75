// Bulk role change and undo against the simulator: a role change of 50 users and its undo (each
// user given back the role recorded before sending), and a bulk deactivation undone by
// reactivating the same users; the caller's limits are applied before anything is sent.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planDeactivation } from '../../../main/admin/plan-deactivate';
import { planRoleChange } from '../../../main/admin/plan-roles';
import { planUndo } from '../../../main/admin/plan-undo';
import { getJob, insertJob, itemsInState } from '../../../main/store/bulk-jobs';
import type { ServiceAccount } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { openRunner, useBulkSimulator, type RunnerRun } from './harness';

const bulk = useBulkSimulator();
let run: RunnerRun | undefined;
let admin: ServiceAccount;
let staff: number[];

afterEach(() => {
  run?.close();
  run = undefined;
});

const roleOf = (user_id: number) => bulk.service.db.prepare('SELECT role FROM users WHERE user_id = ?').pluck().get(user_id) as number;
const isActive = (user_id: number) => bulk.service.db.prepare('SELECT is_active FROM users WHERE user_id = ?').pluck().get(user_id) as number;
const idOf = (email: string) => bulk.service.db.prepare('SELECT user_id FROM users WHERE email = ?').pluck().get(email) as number;

beforeAll(async () => {
  admin = bulk.service.accounts.find((a) => a.email === 'admin@demo.example')!;
  const http = clientFor(bulk.service.url, admin);
  staff = [];
  for (let i = 0; i < 50; i++) {
    const reply = await http.post('/users', { email: `staff.${i}@roles.example`, password: `pw-roles-${i}-long-enough`, full_name: `Staff ${i}` });
    staff.push(reply.body['user_id'] as number);
  }
  // Two of them start as guests: the undo must give each their own role back, not one for all.
  for (const id of staff.slice(0, 2)) await http.patch(`/users/${id}`, { role: 600 });
});

async function runToEnd(job_id: number): Promise<void> {
  run!.runner.start(job_id);
  await run!.runner.idle(job_id);
}

describe('bulk role change', () => {
  it('changes the roles of 50 users, skips what the caller may not do, and is undone user by user', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/roles.db`);
    const owner = idOf('owner@demo.example');
    const planned = planRoleChange(run.db, admin.user_id, [...staff, owner, admin.user_id], [], 300);
    expect(planned.blocked).toBeNull();
    const job_id = insertJob(run.db, 'change_roles', {}, planned.items);
    // Refused before sending: an owner (only owners unmake owners) and the caller's own account.
    expect(itemsInState(run.db, job_id, 'skipped').map((item) => item.error_code)).toEqual(['OWNER_REQUIRED', 'SELF']);
    await runToEnd(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: 50, failed: 0, skipped: 2 });
    expect(staff.map(roleOf)).toEqual(staff.map(() => 300));
    expect(roleOf(owner)).toBe(100);

    const undo = planUndo(run.db, admin.user_id, getJob(run.db, job_id)!);
    expect(undo).toMatchObject({ kind: 'change_roles', blocked: null });
    const undo_id = insertJob(run.db, undo.kind, { undo_of: job_id }, undo.items);
    await runToEnd(undo_id);
    expect(run.runner.progress(undo_id)).toMatchObject({ state: 'finished', done: 50, failed: 0, skipped: 0 });
    expect(staff.map(roleOf)).toEqual(staff.map((_, i) => (i < 2 ? 600 : 400)));
  });
});

describe('undoing a bulk deactivation', () => {
  it('reactivates exactly the users the job deactivated', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/deactivate-undo.db`);
    const leavers = staff.slice(10, 20);
    // Dana was deactivated before: the job skips her, so its undo leaves her as she was.
    const dana = idOf('dana@demo.example');
    const job_id = insertJob(run.db, 'deactivate_users', {}, planDeactivation(run.db, admin.user_id, [...leavers, dana], []).items);
    await runToEnd(job_id);
    expect(leavers.map(isActive)).toEqual(leavers.map(() => 0));

    const undo = planUndo(run.db, admin.user_id, getJob(run.db, job_id)!);
    expect(undo).toMatchObject({ kind: 'reactivate_users', blocked: null });
    const undo_id = insertJob(run.db, undo.kind, { undo_of: job_id }, undo.items);
    await runToEnd(undo_id);
    expect(run.runner.progress(undo_id)).toMatchObject({ state: 'finished', done: 10, failed: 0 });
    expect(leavers.map(isActive)).toEqual(leavers.map(() => 1));
    expect(isActive(dana)).toBe(0);
  });

  it('is refused while the job is still running or paused', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/not-yet.db`);
    const job_id = insertJob(run.db, 'deactivate_users', {}, planDeactivation(run.db, admin.user_id, staff.slice(30, 32), []).items);
    expect(planUndo(run.db, admin.user_id, getJob(run.db, job_id)!).blocked).toMatchObject({ code: 'NOT_UNDOABLE' });
  });
});
