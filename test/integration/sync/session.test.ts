import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import { AccountSession } from '../../../main/app/session';
import { realmValues } from '../../../main/store/realm';
import { startService, type RunningService } from '../../service/index';
import { mirrorDir, until } from './engine-harness';

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
  const session = new AccountSession({
    account: { account_id: '00000000000000aa', server_url: service.url, email: admin.email, user_id: admin.user_id, realm_name: 'Demo' },
    apiKey: admin.api_key,
    mirrorPath: dir.path,
    logger: silentLogger,
    snapshotMode: 'inline',
    onChanges: () => undefined,
    onStatus: () => undefined,
    onTyping: () => undefined,
  });
  session.start();
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
