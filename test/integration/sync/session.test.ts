import { afterAll, beforeAll, expect, it } from 'vitest';
import { realmValues } from '../../../main/store/realm';
import { startService, type RunningService } from '../../service/index';
import { mirrorDir, startSession, until } from './engine-harness';

let service: RunningService;
const dir = mirrorDir();

beforeAll(async () => {
  service = await startService({ org: 'demo' });
});
afterAll(async () => {
  await service.close();
  dir.remove();
});

it('keeps the server settings and the realm values in the mirror, for offline use', async () => {
  const admin = service.accounts.find((a) => a.role === 200)!;
  const session = startSession(service.url, admin, dir.path);
  try {
    await until(() => session.engine.status.state === 'online', 'online');
    await until(() => realmValues(session.db).server_settings !== undefined, 'server settings stored');
    const values = realmValues(session.db) as { server_settings: { realm_name: string; authentication_methods: object }; realm_name: string; max_topic_length: number };
    expect(values.server_settings.realm_name).toBe('Demo Organization');
    expect(values.server_settings.authentication_methods).toBeTypeOf('object');
    expect(values.realm_name).toBe('Demo Organization');
    expect(values.max_topic_length).toBeGreaterThan(0);
  } finally {
    await session.close();
  }
});
