// Bulk deactivation and invitation links against the simulator, and the fallback from user
// creation to invitation links when the server refuses the caller can_create_users.
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { exportJobCsv } from '../../../main/admin/csv-export';
import { parseUserCsv } from '../../../main/admin/csv-import';
import { insertJob, itemsInState, jobItems } from '../../../main/store/bulk-jobs';
import { planUserImport } from '../../../main/admin/plan-create-users';
import { planDeactivation } from '../../../main/admin/plan-deactivate';
import { planInvites } from '../../../main/admin/plan-invites';
import type { ServiceAccount } from '../../service/index';
import { openRunner, useBulkSimulator, type RunnerRun } from './harness';

const bulk = useBulkSimulator();
let run: RunnerRun | undefined;
const account = (email: string): ServiceAccount => bulk.service.accounts.find((a) => a.email === email)!;
afterEach(() => {
  run?.close();
  run = undefined;
});

const isActive = (user_id: number) => bulk.service.db.prepare('SELECT is_active FROM users WHERE user_id = ?').pluck().get(user_id);
const idOf = (email: string) => bulk.service.db.prepare('SELECT user_id FROM users WHERE email = ?').pluck().get(email) as number;

describe('bulk deactivation', () => {
  it('skips the only owner and the caller, reports the server’s refusals, deactivates the rest', async () => {
    const admin = account('admin@demo.example');
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/deactivate.db`);
    const owner = idOf('owner@demo.example');
    const members = ['priya@demo.example', 'diego@demo.example', 'liam@demo.example'].map(idOf);
    const bot = idOf('echo-bot@demo.example');
    const { blocked, items } = planDeactivation(run.db, admin.user_id, [owner, admin.user_id, ...members, bot], ['mona-typo@demo.example']);
    expect(blocked).toBeNull();
    const job_id = insertJob(run.db, 'deactivate_users', { deactivation_notification_comment: 'Contract ended' }, items);
    expect(run.runner.progress(job_id)).toMatchObject({ total: 7, skipped: 3, remaining: 4 });

    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: 3, failed: 1, skipped: 3 });
    expect(isActive(owner)).toBe(1);
    expect(isActive(admin.user_id)).toBe(1);
    for (const id of members) expect(isActive(id)).toBe(0);
    // The server's own answer for what only it refuses (a bot, here).
    const [failed] = itemsInState(run.db, job_id, 'failed');
    expect(failed).toMatchObject({ payload: { user_id: bot }, error_code: 'BAD_REQUEST', error_msg: 'No such user' });
    expect(itemsInState(run.db, job_id, 'skipped').map((i) => i.error_code)).toEqual(['ONLY_OWNER', 'SELF', 'NOT_FOUND']);
    const comments = bulk.service.db.prepare('SELECT comment FROM deactivation_emails WHERE user_id IN (?, ?, ?)').pluck().all(...members);
    expect(comments).toEqual(['Contract ended', 'Contract ended', 'Contract ended']);
  });
});

describe('without can_create_users', () => {
  it('halts the import at the first refusal, explaining it, and invitation links do instead', async () => {
    // An administrator whom the organization did not give can_create_users.
    const admin2 = account('admin2@demo.example');
    run = await openRunner(bulk.service.url, admin2, `${bulk.dir.path}/fallback.db`);
    const csv = 'email,full_name\nnew1@fallback.example,New One\nnew2@fallback.example,New Two\nnew3@fallback.example,New Three\n';
    const imported = planUserImport(run.db, admin2.user_id, parseUserCsv(csv));
    expect(imported.blocked).toBeNull();
    const job_id = insertJob(run.db, 'create_users', {}, imported.items);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    const halted = run.runner.progress(job_id);
    expect(halted).toMatchObject({ state: 'paused', done: 0, failed: 0, remaining: 3, halt: { fallback: 'invite_links' } });
    expect(halted.halt!.message).toMatch(/can_create_users/);
    expect(bulk.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE '%@fallback.example'").pluck().get()).toBe(0);

    const invites = planInvites(run.db, admin2.user_id, { count: 3, invite_as: 400, stream_ids: [], group_ids: [], include_realm_default_subscriptions: true, invite_expires_in_minutes: 60 });
    expect(invites.blocked).toBeNull();
    const links = insertJob(run.db, 'create_invite_links', invites.settings, invites.items);
    run.runner.start(links);
    await run.runner.idle(links);
    expect(run.runner.progress(links)).toMatchObject({ state: 'finished', done: 3 });
    const exported = parse(exportJobCsv('create_invite_links', jobItems(run.db, links)), { bom: true, columns: true }) as Record<string, string>[];
    expect(exported.map((row) => row.n)).toEqual(['1', '2', '3']);
    expect(new Set(exported.map((row) => row.invite_link)).size).toBe(3);
    for (const row of exported) expect(row.invite_link).toMatch(/^https?:\/\//);
  });

  it('refuses invitation links with a role above the caller’s', async () => {
    const admin2 = account('admin2@demo.example');
    run = await openRunner(bulk.service.url, admin2, `${bulk.dir.path}/role.db`);
    expect(planInvites(run.db, admin2.user_id, { count: 2, invite_as: 100, stream_ids: [], group_ids: [], include_realm_default_subscriptions: false }).blocked?.code).toBe(
      'ROLE_TOO_PRIVILEGED',
    );
  });
});
