// What the outbox delivered on coming back: the messages that waited for the connection, counted
// once they are on the server, so the person is told ("3 queued messages sent"); a message sent
// online is not announced, nor is a queued one the server refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { outboxItems } from '../../../main/store/outbox';
import { startService, type RunningService } from '../../service/index';
import { mirrorDir, startSession, until } from '../sync/engine-harness';
import { messagingHandlers } from './harness';

let service: RunningService;
let session: AccountSession | undefined;
const mirror = mirrorDir();
const serviceDb = mirrorDir();
const serviceOptions = { org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 } as const;

beforeAll(async () => {
  service = await startService(serviceOptions);
});
afterAll(async () => {
  await session?.close();
  await service.close();
  mirror.remove();
  serviceDb.remove();
});

it('tells how many queued messages went out once the server is back, and nothing for a message sent online', async () => {
  const member = service.accounts.find((a) => a.role === 400)!;
  const delivered: number[] = [];
  session = startSession(service.url, member, mirror.path, { backoff: { baseMs: 100, maxMs: 400 }, onDelivered: (messages) => delivered.push(messages) });
  const h = messagingHandlers(session);
  await until(() => session!.engine.status.state === 'online', 'online');

  const port = Number(new URL(service.url).port);
  await service.close();
  await until(() => session!.engine.status.state === 'offline', 'offline');
  for (const content of ['queued one', 'queued two', 'queued three']) {
    expect(await h['messages.send']({ conversation: 'channel:1:delivered', content })).toMatchObject({ outbox_id: expect.any(Number) });
  }
  // An action waits in the same outbox, and is not a message.
  expect(await h['topics.setPreference']({ stream_id: 1, topic: 'delivered', visibility_policy: 3 })).toMatchObject({ pending: true });
  service = await startService({ ...serviceOptions, port, resume: true });

  await until(() => outboxItems(session!.db).length === 0, 'queue drained', 20_000);
  await until(() => delivered.length > 0, 'the delivery told');
  expect(delivered).toEqual([3]);

  // Every message goes through the outbox, online too: one sent online is not announced.
  expect(await h['messages.send']({ conversation: 'channel:1:delivered', content: 'sent online' })).toMatchObject({ outbox_id: expect.any(Number) });
  await until(() => outboxItems(session!.db).length === 0, 'the message sent online filed', 20_000);
  await session.outbox.run();
  expect(delivered).toEqual([3]);
});
