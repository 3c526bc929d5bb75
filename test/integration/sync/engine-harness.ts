// A sync engine on a real mirror file against the simulator, with what it reports recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startService, type RunningService, type ServiceOptions } from '../../service/index';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { ServiceClient } from '../../../main/api/service-client';
import { silentLogger } from '../../../main/api/logger';
import { AccountSession, type SessionOptions } from '../../../main/app/session';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { SyncEngine } from '../../../main/sync/engine';
import { inlineSnapshot } from '../../../main/sync/snapshot';
import type { SyncStatus } from '../../../main/sync/status';

export interface Account {
  email: string;
  api_key: string;
}

export interface EngineRun {
  db: MirrorDatabase;
  client: ServiceClient;
  engine: SyncEngine;
  changes: MirrorChanges[];
  statuses: SyncStatus[];
  registrations: number;
  stop(): Promise<void>;
}

export function mirrorDir(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'sync-'));
  return { path: join(dir, 'mirror.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function runEngine(url: string, account: Account, mirrorPath: string, options: { start?: boolean } = {}): EngineRun {
  const db = openMirror(mirrorPath);
  // A short margin over the announced long-poll timeout, so a hung connection is noticed quickly.
  const client = new ServiceClient({ serverUrl: url, email: account.email, apiKey: account.api_key, longPollMarginMs: 1_000, rateLimitBackoffMs: 20, rateLimitJitterMs: 10 });
  const run: EngineRun = {
    db,
    client,
    changes: [],
    statuses: [],
    registrations: 0,
    engine: undefined as unknown as SyncEngine,
    stop: async () => {
      await run.engine.stop();
      db.close();
    },
  };
  run.engine = new SyncEngine({
    db,
    client,
    snapshot: inlineSnapshot(client, db),
    logger: silentLogger,
    backoff: { baseMs: 50, maxMs: 400 },
    onChanges: (changes) => run.changes.push(changes),
    onStatus: (status) => run.statuses.push(status),
    onRegistered: (summary) => {
      run.registrations += 1;
      client.useRegistration(summary.context);
    },
  });
  if (options.start !== false) run.engine.start();
  return run;
}

/** Polls until `check` holds; usable in hooks as in tests (expect.poll works in tests only). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A simulator for the enclosing file, and sessions on it that are closed (with their mirrors
 * removed) when the file is done.
 */
export function useSimulatorSessions(options: ServiceOptions = { org: 'demo', heartbeatSeconds: 1 }) {
  const dirs: { remove: () => void }[] = [];
  const sessions: AccountSession[] = [];
  const fixture = {
    service: undefined as unknown as RunningService,
    open(account: Account & { user_id: number }, overrides: Parameters<typeof startSession>[3] = {}): AccountSession {
      const dir = mirrorDir();
      dirs.push(dir);
      const session = startSession(fixture.service.url, account, dir.path, overrides);
      sessions.push(session);
      return session;
    },
  };
  beforeAll(async () => {
    fixture.service = await startService(options);
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
    for (const dir of dirs) dir.remove();
    await fixture.service.close();
  });
  return fixture;
}

/** An AccountSession (the app's own unit of sync) on a mirror file, against the simulator. */
export function startSession(
  url: string,
  account: Account & { user_id: number },
  mirrorPath: string,
  overrides: Partial<Omit<SessionOptions, 'account' | 'apiKey' | 'mirrorPath'>> = {},
): AccountSession {
  const session = new AccountSession({
    account: { account_id: account.user_id.toString(16).padStart(16, '0'), server_url: url, email: account.email, user_id: account.user_id, realm_name: 'Demo' },
    apiKey: account.api_key,
    mirrorPath,
    logger: silentLogger,
    snapshotMode: 'inline',
    onChanges: () => undefined,
    onStatus: () => undefined,
    onTyping: () => undefined,
    ...overrides,
  });
  session.start();
  return session;
}
