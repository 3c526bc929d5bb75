// A server whose registration reports far more unread messages than the family ever does (the
// audit's had 10,000,000: ~100 s before the app was online, a 715 MB mirror). The simulator's own
// registration with a million unread ids put in, served by a hostile server: the session syncs in
// its worker as the app does, keeps the newest 50,000 and says "connecting", then "online", never
// "offline".
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { unreadCounts } from '../../../main/store/unread';
import type { SyncStatus } from '../../../main/sync/status';
import { UNREAD_KEPT } from '../../../main/sync/unread-cap';
import { startService, type RunningService } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { startHostileServer, streamBody, type HostileServer } from '../../unit/api/hostile-server';
import { mirrorDir, startSession, until } from './engine-harness';

const UNREAD = 1_000_000;
const TOPICS = 1_000;

let service: RunningService;
let hostile: HostileServer;
let session: AccountSession | undefined;
const mirror = mirrorDir();

const ok = (body: Record<string, unknown>) => JSON.stringify({ result: 'success', msg: '', ...body });

beforeAll(async () => {
  service = await startService({ org: 'demo' });
  const member = service.accounts.find((a) => a.role === 400)!;
  const real = (await clientFor(service.url, member).post('/register', { fetch_event_types: JSON.stringify(['realm', 'realm_user', 'subscription', 'stream', 'message', 'update_message_flags']) })).body;
  const streams = Array.from({ length: TOPICS }, (_, t) => ({
    stream_id: 1,
    topic: `flood ${t}`,
    unread_message_ids: Array.from({ length: UNREAD / TOPICS }, (_, i) => 10_000 + t * (UNREAD / TOPICS) + i),
  }));
  const registration = ok({ ...real, queue_id: 'flood', last_event_id: -1, unread_msgs: { count: UNREAD, streams, pms: [], huddles: [], mentions: [], old_unreads_missing: false } });
  hostile = await startHostileServer();
  hostile.route('/api/v1/register', (response) => void streamBody(response, { 'content-type': 'application/json' }, 0, registration));
  hostile.route('/api/v1/server_settings', (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(ok({ zulip_feature_level: 372 })));
  // An idle queue: a heartbeat now and then.
  hostile.route('/api/v1/events', (response) => void setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(ok({ events: [{ id: 0, type: 'heartbeat' }] })), 1_000));
  hostile.route('/api/v1/messages', (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(ok({ messages: [], found_newest: true, found_oldest: true })));
});
afterAll(async () => {
  await session?.close();
  await hostile.close();
  await service.close();
  mirror.remove();
});

it('keeps the newest 50,000 of a million unread messages, and is never shown offline meanwhile', async () => {
  const member = service.accounts.find((a) => a.role === 400)!;
  const statuses: SyncStatus[] = [];
  session = startSession(hostile.url, member, mirror.path, { snapshotMode: 'worker', onStatus: (status) => statuses.push(status) });
  await until(() => session!.engine.status.state === 'online', 'online', 60_000);
  expect(statuses.map((status) => status.state)).toEqual(['online']);
  const counts = unreadCounts(session.db);
  expect(counts.total).toBe(UNREAD_KEPT);
  expect(counts.conversations[0]?.topic).toBe(`flood ${TOPICS - 1}`);
  expect(counts.conversations).toHaveLength(UNREAD_KEPT / (UNREAD / TOPICS));
});
