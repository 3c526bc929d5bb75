// The directory where the organization hides addresses (reference/real: everyone is
// `user<id>@<host>` but for the real addresses the caller may see): search finds people by the
// real address where it is given, look-up by email finds them by either address, and an address
// that finds no one says the server may hide it rather than that no such person exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api/create-client';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { directoryHandlers } from '../../../main/handlers/directory';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { usersTable } from '../../../main/store/users';
import { answerAsCaptured } from '../../support/real-exchanges';
import { useCaptureServer } from '../api/capture-server';
import { user } from '../store/fixtures';

const server = useCaptureServer();
let db: MirrorDatabase;
let handlers: ReturnType<typeof directoryHandlers>;

beforeAll(() => {
  db = openMirror(':memory:');
  // What a member of the recorded organization is given: their own real address, and placeholders.
  upsertRecords(db, usersTable, [
    user(10, 'King Hamlet', 'user10@zulipdev.com', { delivery_email: 'hamlet@zulip.com' }),
    user(11, 'Iago', 'user11@zulipdev.com', { delivery_email: null, role: 200 }),
    user(8, "Cordelia, Lear's daughter", 'user8@zulipdev.com', { delivery_email: null }),
  ]);
  const session = { db, client: createServiceClient({ server_url: server.url, credentials: { email: 'hamlet@zulip.com', api_key: 'k' } }) };
  const context = { activeSession: () => session as unknown as AccountSession } as unknown as CoreContext;
  handlers = directoryHandlers(context);
});
afterAll(() => db.close());

describe('the directory where addresses are hidden', () => {
  it('searches the real address where it is given, and the one the server names people by', async () => {
    const found = async (text: string) => (await handlers['users.search']({ text, filter: 'active', offset: 0, limit: 10 })).users.map((u) => u.user_id);
    expect(await found('hamlet@zul')).toEqual([10]);
    expect(await found('user8@')).toEqual([8]);
  });

  it('looks people up by either address, whatever its case, without asking the server', async () => {
    expect((await handlers['users.byEmail']({ email: 'Hamlet@Zulip.com' }))?.user.user_id).toBe(10);
    expect((await handlers['users.byEmail']({ email: 'user11@zulipdev.com' }))?.user.user_id).toBe(11);
    expect(server.requests).toEqual([]);
  });

  it('says the server may hide an address that finds no one, and what to use instead', async () => {
    server.respond((_req, res) => answerAsCaptured(res, 'member_get_user_by_email'));
    await expect(handlers['users.byEmail']({ email: 'iago@zulip.com' })).rejects.toThrow(
      'No user shows you the address iago@zulip.com. The server hides the real address of 2 people from you, so it may be one of theirs: ' +
        "find them in the directory by name, or look up the address the server gives them (such as user8@zulipdev.com).",
    );
  });
});
