// Plans decide everything that can be decided before sending: bad rows with their lines,
// duplicates, people already there, the caller's own account and the last owner.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planUserImport, type CreateUserPayload } from '../../../main/admin/plan-create-users';
import { planDeactivation } from '../../../main/admin/plan-deactivate';
import { planInvites } from '../../../main/admin/plan-invites';
import { planRoleChange } from '../../../main/admin/plan-roles';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { usersTable } from '../../../main/store/users';
import { user } from '../store/fixtures';

let db: MirrorDatabase;
const OWNER = 1;
const ADMIN = 2;
const MEMBER = 3;

beforeEach(() => {
  db = openMirror(':memory:');
  upsertRecords(db, usersTable, [
    user(OWNER, 'Olivia Owner', 'owner@x.com', { role: 100, is_owner: true, is_admin: true, delivery_email: 'owner@x.com' }),
    user(ADMIN, 'Adam Admin', 'admin@x.com', { role: 200, is_admin: true, delivery_email: 'admin@x.com' }),
    user(MEMBER, 'Mark Member', 'member@x.com', { role: 400, delivery_email: 'member@x.com' }),
    user(4, 'Dana Departed', 'dana@x.com', { role: 400, is_active: false, delivery_email: 'dana@x.com' }),
  ]);
});
afterEach(() => db.close());

const row = (line: number, email: string, full_name: string, password?: string) => ({ line, email, full_name, password, extra: {} });

describe('planUserImport', () => {
  it('skips bad rows with their line and reason, and generates strong passwords', () => {
    const { blocked, items } = planUserImport(db, ADMIN, [
      row(2, 'new@x.com', 'New Person'),
      row(3, 'not-an-email', 'Bad Email'),
      row(4, 'empty@x.com', ''),
      row(5, 'NEW@x.com', 'Twice'),
      row(6, 'Member@X.com', 'Already Here'),
      row(7, 'own@x.com', 'Own Password', 'chosen-by-file'),
    ]);
    expect(blocked).toBeNull();
    expect(items.map((i) => i.skip?.code)).toEqual([undefined, 'INVALID_EMAIL', 'EMPTY_NAME', 'DUPLICATE_IN_FILE', 'ALREADY_IN_ORGANIZATION', undefined]);
    expect(items[3]!.skip!.message).toBe('NEW@x.com is already on line 2.');
    expect(items[4]!.skip!.message).toBe('Member@X.com is already in the organization.');
    expect((items[0]!.payload as CreateUserPayload).generated).toBe(true);
    // The password is the item's secret, never its payload; only a generated one is kept for the export.
    const generated = items[0]!.secret!;
    expect(generated).toEqual({ value: expect.stringMatching(/^[0-9a-f]{32}$/), forExport: true });
    expect(planUserImport(db, ADMIN, [row(2, 'a@x.com', 'A')]).items[0]!.secret!.value).not.toBe(generated.value);
    expect(items[5]).toMatchObject({ payload: { generated: false }, secret: { value: 'chosen-by-file', forExport: false } });
    for (const item of items) expect(item.payload).not.toHaveProperty('password');
    // A skipped row keeps no password.
    expect(items[1]!.secret).toBeUndefined();
  });

  it('blocks a caller who is not an administrator', () => {
    expect(planUserImport(db, MEMBER, [row(2, 'new@x.com', 'New')]).blocked?.code).toBe('NOT_ADMINISTRATOR');
  });
});

describe('planDeactivation', () => {
  it('refuses the only owner and the caller, and resolves emails in the mirror', () => {
    const { blocked, items } = planDeactivation(db, ADMIN, [OWNER, ADMIN, MEMBER, MEMBER], ['dana@x.com', 'nobody@x.com']);
    expect(blocked).toBeNull();
    expect(items.map((i) => [i.payload.user_id, i.skip?.code])).toEqual([
      [OWNER, 'ONLY_OWNER'],
      [ADMIN, 'SELF'],
      [MEMBER, undefined],
      [4, 'ALREADY_DEACTIVATED'],
      [null, 'NOT_FOUND'],
    ]);
  });

  it('lets one of two owners go, keeping the other', () => {
    upsertRecords(db, usersTable, [user(5, 'Second Owner', 'owner2@x.com', { role: 100, is_owner: true })]);
    const { items } = planDeactivation(db, MEMBER, [OWNER, 5], []);
    expect(items.map((i) => i.skip?.code)).toEqual([undefined, 'ONLY_OWNER']);
  });
});

describe('addresses listed where the organization hides some', () => {
  // As a real server shows them (reference/real): each user named by a placeholder address, the
  // real one given only where the caller may see it.
  beforeEach(() => {
    upsertRecords(db, usersTable, [
      user(10, 'King Hamlet', 'user10@zulipdev.com', { delivery_email: null }),
      user(11, 'Iago', 'user11@zulipdev.com', { delivery_email: 'iago@zulip.com' }),
      // The recorded organization has real addresses in capitals.
      user(7, 'Zoe', 'user7@zulipdev.com', { delivery_email: 'ZOE@zulip.com' }),
    ]);
  });

  it('match the real address or the one the server names them by, whatever the case', () => {
    const { items } = planDeactivation(db, ADMIN, [], ['IAGO@zulip.com', 'user10@ZULIPDEV.com', 'zoe@zulip.com']);
    expect(items.map((i) => [i.payload.user_id, i.payload.email, i.skip])).toEqual([
      [11, 'iago@zulip.com', undefined],
      [10, 'user10@zulipdev.com', undefined],
      [7, 'ZOE@zulip.com', undefined],
    ]);
  });

  it('that match no one say the server may hide it, and what to list instead', () => {
    const expected = {
      code: 'ADDRESS_HIDDEN',
      message:
        'No user shows you the address hamlet@zulip.com. The server hides the real address of one person from you, so it may be one of theirs: ' +
        'find them in the directory by name, or list the address the server gives them (such as user10@zulipdev.com).',
    };
    expect(planDeactivation(db, ADMIN, [], ['hamlet@zulip.com']).items).toEqual([{ payload: { user_id: null, email: 'hamlet@zulip.com', full_name: '' }, skip: expected }]);
    expect(planRoleChange(db, ADMIN, [], ['hamlet@zulip.com'], 300).items[0]?.skip).toEqual(expected);
  });

  it('that match no one where nothing is hidden are simply not users', () => {
    upsertRecords(db, usersTable, [user(10, 'King Hamlet', 'user10@zulipdev.com', { delivery_email: 'hamlet@zulip.com' })]);
    expect(planRoleChange(db, ADMIN, [], ['nobody@zulip.com'], 300).items[0]?.skip).toEqual({ code: 'NOT_FOUND', message: 'nobody@zulip.com is not a user of this organization.' });
    // A server that sends no delivery_email at all hides nothing by saying so.
    const withoutDeliveryEmail = user(10, 'King Hamlet', 'hamlet@zulip.com');
    Reflect.deleteProperty(withoutDeliveryEmail, 'delivery_email');
    upsertRecords(db, usersTable, [withoutDeliveryEmail]);
    expect(planRoleChange(db, ADMIN, [], ['nobody@zulip.com'], 300).items[0]?.skip?.code).toBe('NOT_FOUND');
  });
});

describe('planInvites', () => {
  const settings = { count: 3, invite_as: 400, stream_ids: [], group_ids: [], include_realm_default_subscriptions: true };

  it('makes N identical items and keeps the settings for the job', () => {
    const planned = planInvites(db, ADMIN, settings);
    expect(planned.blocked).toBeNull();
    expect(planned.items.map((i) => i.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(planned.settings).toEqual({ invite_as: 400, stream_ids: [], group_ids: [], include_realm_default_subscriptions: true });
  });

  it('refuses a role more privileged than the caller’s, and a non-administrator', () => {
    expect(planInvites(db, ADMIN, { ...settings, invite_as: 100 }).blocked?.code).toBe('ROLE_TOO_PRIVILEGED');
    expect(planInvites(db, OWNER, { ...settings, invite_as: 100 }).blocked).toBeNull();
    expect(planInvites(db, MEMBER, settings).blocked?.code).toBe('NOT_ADMINISTRATOR');
    expect(planInvites(db, ADMIN, { ...settings, invite_as: 250 }).blocked?.code).toBe('INVALID_ARGUMENT');
  });
});
