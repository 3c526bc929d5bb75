// A bulk-job runner on a real mirror file, filled from the simulator, with the progress and the
// log it produced recorded; and the CSV files the tests import.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobProgress } from '../../../shared/ipc';
import type { Logger } from '../../../main/api/logger';
import { ServiceClient } from '../../../main/api/service-client';
import { JobRunner } from '../../../main/admin/job-runner';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { reconcileSnapshot } from '../../../main/sync/reconcile';
import { REGISTER_PARAMS } from '../../../main/sync/registration-params';
import { afterAll, beforeAll } from 'vitest';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';

export interface RunnerRun {
  db: MirrorDatabase;
  client: ServiceClient;
  runner: JobRunner;
  progress: JobProgress[];
  /** Every message and data the client and the runner logged, as text. */
  logged: string[];
  close(): void;
}

export function tempDir(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bulk-'));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function capturingLogger(lines: string[]): Logger {
  const log = (message: string, data?: Record<string, unknown>) => lines.push(`${message} ${JSON.stringify(data ?? {})}`);
  return { debug: log, info: log, warn: log, error: log };
}

/** Opens (or reopens) the mirror at `path`, syncs it from the simulator, and makes a runner. */
export async function openRunner(
  url: string,
  account: Pick<ServiceAccount, 'email' | 'api_key'>,
  path: string,
  onProgress?: (p: JobProgress) => void,
  concurrency = 1,
): Promise<RunnerRun> {
  const logged: string[] = [];
  const logger = capturingLogger(logged);
  const db = openMirror(path);
  const client = new ServiceClient({ serverUrl: url, email: account.email, apiKey: account.api_key, logger, rateLimitBackoffMs: 20, rateLimitJitterMs: 10 });
  reconcileSnapshot(db, await client.call('registerQueue', REGISTER_PARAMS));
  const progress: JobProgress[] = [];
  const runner = new JobRunner({
    db,
    client,
    logger,
    concurrency,
    progressIntervalMs: 0,
    retryBaseMs: 20,
    onProgress: (p) => {
      progress.push(p);
      onProgress?.(p);
    },
  });
  return { db, client, runner, progress, logged, close: () => db.close() };
}

/** How many users with each of these emails the simulator holds. */
export function serverEmailCounts(service: RunningService, emails: string[]): Map<string, number> {
  const count = service.db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck();
  return new Map(emails.map((email) => [email, count.get(email) as number]));
}

export interface ImportFile {
  csv: string;
  /** Emails of the rows that should be created. */
  good: string[];
  /** Lines of the rows that must be reported, and why. */
  bad: Map<number, string>;
}

/**
 * `rows` rows (line 1 is the header) of which 20 are bad, spread through the file: malformed
 * emails, empty names, duplicates inside the file, and people already in the organization.
 */
export function importFile(rows: number, tag: string, existingEmail: string): ImportFile {
  const lines = ['email,full_name,password'];
  const good: string[] = [];
  const bad = new Map<number, string>();
  for (let i = 0; i < rows; i++) {
    const line = i + 2;
    const email = `${tag}.${i}@import.example`;
    const kind = i % 50 === 7 ? Math.floor(i / 50) % 4 : -1;
    if (kind === 0) {
      lines.push(`not-an-email-${i},Bad Email ${i},`);
      bad.set(line, 'INVALID_EMAIL');
    } else if (kind === 1) {
      lines.push(`${email},"",`);
      bad.set(line, 'EMPTY_NAME');
    } else if (kind === 2) {
      lines.push(`${tag}.0@import.example,Duplicate ${i},`);
      bad.set(line, 'DUPLICATE_IN_FILE');
    } else if (kind === 3) {
      lines.push(`${existingEmail},Already Here ${i},`);
      bad.set(line, 'ALREADY_IN_ORGANIZATION');
    } else {
      // Quotes, commas and non-ASCII names, and a password on every third row.
      lines.push(`${email},"Zoë ""${i}"", Ōsaka",${i % 3 === 0 ? `pw-${tag}-${i}-long-enough` : ''}`);
      good.push(email);
    }
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, good, bad };
}

/** The simulator and a scratch folder for the enclosing test file, cleaned up after it. */
export function useBulkSimulator(): { service: RunningService; dir: { path: string; remove: () => void } } {
  const fixture = { service: undefined as unknown as RunningService, dir: undefined as unknown as { path: string; remove: () => void } };
  beforeAll(async () => {
    fixture.service = await startService();
    fixture.dir = tempDir();
  });
  afterAll(async () => {
    await fixture.service.close();
    fixture.dir.remove();
  });
  return fixture;
}
