import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from './index';
import { call } from './testing/client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-restart-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}

describe('restarting on the same database', () => {
  it('keeps the organization, its keys and its data with resume, on the same port', async () => {
    const path = dbPath();
    const first = await startService({ dbPath: path });
    const member = first.accounts.find((a) => a.role === 400)!;
    const created = await call(first.url, member, 'POST', '/saved_snippets', { title: 'kept', content: 'across a restart' });
    expect(created.status).toBe(200);
    const port = Number(new URL(first.url).port);
    await first.close();

    const second = await startService({ dbPath: path, port, resume: true });
    try {
      expect(second.url).toBe(first.url);
      expect(second.accounts).toEqual(first.accounts);
      const listed = await call(second.url, member, 'GET', '/saved_snippets');
      expect((listed.body.saved_snippets as { title: string }[]).map((s) => s.title)).toContain('kept');
    } finally {
      await second.close();
    }
  });

  it('starts a fresh organization from the same file without resume', async () => {
    const path = dbPath();
    const first = await startService({ dbPath: path });
    await first.close();
    const second = await startService({ dbPath: path });
    try {
      expect(second.accounts.map((a) => a.api_key)).not.toEqual(first.accounts.map((a) => a.api_key));
    } finally {
      await second.close();
    }
  });
});
