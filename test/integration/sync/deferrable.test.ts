// An action that can wait: sent at once online; kept in the outbox offline, shown pending,
// and replayed by itself when the server is back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxItems } from '../../../main/store/outbox';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { outboxRecordKey } from '../../../shared/outbox-records';
import { startService, type RunningService } from '../../service/index';
import { mirrorDir, startSession, until } from './engine-harness';

let service: RunningService;
const dirs = [mirrorDir(), mirrorDir()];

beforeAll(async () => {
  service = await startService({ org: 'demo', dbPath: dirs[1]!.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
});
afterAll(async () => {
  await service.close();
  for (const dir of dirs) dir.remove();
});

it('sends now when online, defers when offline, and replays on reconnect', async () => {
  const member = service.accounts.find((a) => a.role === 400)!;
  const changes: MirrorChanges[] = [];
  const session = startSession(service.url, member, dirs[0]!.path, {
    backoff: { baseMs: 100, maxMs: 500 },
    onChanges: (change) => changes.push(change),
  });
  try {
    await until(() => session.engine.status.state === 'online', 'online');
    const { saved_snippet_id } = await session.client.call('createSavedSnippet', { title: 'draft', content: 'x' });
    const edit = (title: string) =>
      session.deferrable.call({ kind: 'editSavedSnippet', record: { table: 'saved_snippets', saved_snippet_id }, payload: { saved_snippet_id, title } });
    expect(await edit('online edit')).toMatchObject({ pending: false });

    const port = Number(new URL(service.url).port);
    await service.close();
    await until(() => session.engine.status.state === 'offline', 'offline');
    const deferred = await edit('offline edit');
    expect(deferred).toMatchObject({ pending: true });
    expect(outboxItems(session.db, 'pending').map((i) => i.record_key)).toEqual([outboxRecordKey({ table: 'saved_snippets', saved_snippet_id })]);
    expect(changes.some((c) => c.changed.outbox !== undefined)).toBe(true);

    service = await startService({ org: 'demo', dbPath: dirs[1]!.path, port, resume: true, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    await until(() => outboxItems(session.db).length === 0, 'replayed', 20_000);
    const titles = (await session.client.call('getSavedSnippets', {})).saved_snippets.map((s) => s.title);
    expect(titles).toContain('offline edit');
  } finally {
    await session.close();
  }
});
