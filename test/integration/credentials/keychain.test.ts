// The real OS keychain (gnome-keyring's Secret Service in a D-Bus session), not a fake.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Accounts, type Account } from '../../../main/credentials/accounts';
import { openSecretStore } from '../../../main/credentials/open-secret-store';
import { forgetKeychainService } from '../../support/keychain';

const service = `team-chat-desktop-test-${process.pid}-${Date.now()}`;
const apiKeyA = 'kA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p';
const apiKeyB = 'zY9x8W7v6U5t4S3r2Q1p0O9n8M7l6K5j';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('accounts in the OS keychain', () => {
  let dataDir: string;
  let deleted: Account[];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'credentials-'));
    deleted = [];
  });
  afterEach(async () => {
    await forgetKeychainService(service);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openAccounts(): Promise<Accounts> {
    const choice = await openSecretStore(service);
    expect(choice.keychainUnavailable).toBeNull();
    return new Accounts({
      registryFile: join(dataDir, 'accounts.json'),
      secrets: choice.store,
      deleteLocalData: (account) => {
        deleted.push(account);
      },
    });
  }

  it('keeps each key in the keychain only, and finds it again after a restart', async () => {
    const accounts = await openAccounts();
    const a = await accounts.add({ server_url: 'https://chat.example.com', email: 'ada@example.com', user_id: 7, realm_name: 'Example' }, apiKeyA);
    const b = await accounts.add({ server_url: 'https://other.example.org', email: 'ada@example.com', user_id: 3, realm_name: 'Other' }, apiKeyB);
    expect(a.account_id).not.toBe(b.account_id);

    // In the keychain, under our service name, one entry per account.
    const stored = await keytar.findCredentials(service);
    expect(stored.map((c) => c.password).sort()).toEqual([apiKeyA, apiKeyB].sort());

    // Nowhere on disk.
    for (const file of filesUnder(dataDir)) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(apiKeyA);
      expect(text).not.toContain(apiKeyB);
    }

    const restarted = await openAccounts();
    expect(restarted.list().map((x) => x.realm_name).sort()).toEqual(['Example', 'Other']);
    expect(await restarted.apiKey(a.account_id)).toBe(apiKeyA);
    expect(await restarted.apiKey(b.account_id)).toBe(apiKeyB);
    expect(restarted.keysPersist).toBe(true);
  });

  it('removing an account deletes its key and its local data, and leaves the others alone', async () => {
    const accounts = await openAccounts();
    const a = await accounts.add({ server_url: 'https://chat.example.com', email: 'ada@example.com', user_id: 7, realm_name: 'Example' }, apiKeyA);
    const b = await accounts.add({ server_url: 'https://other.example.org', email: 'bob@example.org', user_id: 3, realm_name: 'Other' }, apiKeyB);

    await accounts.remove(a.account_id);

    expect((await keytar.findCredentials(service)).map((c) => c.password)).toEqual([apiKeyB]);
    expect(deleted.map((x) => x.account_id)).toEqual([a.account_id]);
    const restarted = await openAccounts();
    expect(restarted.list().map((x) => x.account_id)).toEqual([b.account_id]);
    expect(await restarted.apiKey(a.account_id)).toBeNull();
  });
});

describe('without a keychain', () => {
  it('says so plainly and keeps keys for the session only', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'no-keychain-probe.ts')],
      { env },
    );
    const choice = JSON.parse(stdout) as { persistent: boolean; keychainUnavailable: string | null };
    expect(choice.persistent).toBe(false);
    expect(choice.keychainUnavailable).toMatch(/keychain is not available.*session only.*never written to disk/);
  });
});
