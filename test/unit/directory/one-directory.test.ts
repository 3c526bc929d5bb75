// One directory (issue 26 item 16): the people screen said 20,000 and hid deactivated users while
// Administration said 20,480 and listed them. Now every reader of the directory (the screen, its
// count, its pages, the administrators' export) goes through one query with one filter, so on a
// mirror holding deactivated users and bots they all say the same.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { bulkHandlers } from '../../../main/handlers/bulk';
import type { CoreContext } from '../../../main/handlers/context';
import { directoryHandlers } from '../../../main/handlers/directory';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { usersTable } from '../../../main/store/users';
import type { User } from '../../../shared/api/records';
import { user } from '../store/fixtures';

let db: MirrorDatabase;
let handlers: IpcHandlers;

/** 240 people: 2 owners, 8 administrators, 10 moderators, 200 members, 20 guests; every tenth deactivated; and 6 bots, one of them deactivated. */
function organization(): User[] {
  const roleOf = (n: number): number => (n <= 2 ? 100 : n <= 10 ? 200 : n <= 20 ? 300 : n <= 220 ? 400 : 600);
  const people = Array.from({ length: 240 }, (_, i) => user(i + 1, `Person ${i + 1}`, `person${i + 1}@x.com`, { role: roleOf(i + 1), is_active: (i + 1) % 10 !== 0 }));
  const bots = Array.from({ length: 6 }, (_, i) => user(1000 + i, `Person Bot ${i}`, `bot${i}-bot@x.com`, { is_bot: true, bot_type: 1, is_active: i !== 5 }));
  return [...people, ...bots];
}

beforeAll(() => {
  db = openMirror(':memory:');
  upsertRecords(db, usersTable, organization());
  const session = { db, account: { user_id: 1 } } as unknown as AccountSession;
  const context = { activeSession: () => session } as unknown as CoreContext;
  handlers = { ...directoryHandlers(context), ...bulkHandlers(context) } as IpcHandlers;
});
afterAll(() => db.close());

async function answer<T>(channel: string, args: unknown): Promise<T> {
  const reply = await dispatch(handlers, channel, args);
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply)}`);
  return reply.value as T;
}
type Page = { users: { user_id: number; is_active: boolean; is_bot: boolean; role: number }[]; total: number; deactivated: number };
const search = (text: string, filter?: string, offset = 0, limit = 500) => answer<Page>('users.search', { text, offset, limit, ...(filter && { filter }) });
/** The rows of the administrators' export of what the same text and filter find. */
const exported = async (text: string, filter: string) => parse(((await answer<{ csv: string }>('bulk.exportDirectory', { text, filter })).csv), { columns: true }).length;

describe('one directory', () => {
  it('counts everyone, deactivated users and bots included, and says how many are deactivated: the count the administrators see too', async () => {
    for (const text of ['', 'person', 'pe']) {
      const everyone = await search(text, 'everyone');
      expect(everyone.total).toBe(246);
      expect(everyone.deactivated).toBe(25);
      expect(everyone.users).toHaveLength(246);
      expect(await exported(text, 'everyone')).toBe(246);
    }
  });

  it('lists exactly what each filter counts, in pages, with how many of them are deactivated, and the filters add up', async () => {
    const totals: Record<string, number> = {};
    for (const filter of ['everyone', 'active', 'deactivated', 'bots', 'owner', 'administrator', 'moderator', 'member', 'guest']) {
      for (const text of ['', 'person']) {
        const first = await search(text, filter, 0, 100);
        const seen = new Set<number>();
        const deactivated = new Set<number>();
        for (let offset = 0; offset < first.total; offset += 100) {
          for (const u of (await search(text, filter, offset, 100)).users) {
            seen.add(u.user_id);
            if (!u.is_active) deactivated.add(u.user_id);
          }
        }
        expect(seen.size, `${filter} “${text}”`).toBe(first.total);
        expect(first.deactivated, `${filter} “${text}” deactivated`).toBe(deactivated.size);
        expect(await exported(text, filter), `${filter} “${text}” exported`).toBe(first.total);
        totals[filter] = first.total;
      }
    }
    expect(totals).toEqual({ everyone: 246, active: 221, deactivated: 25, bots: 6, owner: 2, administrator: 8, moderator: 10, member: 200, guest: 20 });
    const active = await search('', 'active');
    expect(active.deactivated).toBe(0);
    expect(active.users.every((u) => u.is_active)).toBe(true);
    expect((await search('person', 'deactivated')).deactivated).toBe(25);
    expect((await search('', 'guest')).users.every((u) => u.role === 600 && !u.is_bot)).toBe(true);
    expect((await search('bot', 'bots')).users.every((u) => u.is_bot)).toBe(true);
  });

  it('gives the other pickers (compose, new DM, search) active people unless told otherwise', async () => {
    const page = await search('person');
    expect(page.total).toBe(221);
    expect(page.users.every((u) => u.is_active)).toBe(true);
  });
});
