// Tests sign in with the machine's real OS keychain, each under a service name of its own
// (`team-chat-e2e-…`, `team-chat-test-…`, `team-chat-real-…`, `team-chat-bench-…`). Keys left there
// stay for good and slow every later write (test/support/keychain.ts). Every file that names such
// a service takes its keys out again: this finds the one that forgets.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const testDir = join(import.meta.dirname, '..');
const SERVICE_NAME = /[`'"]team-chat-(?:e2e|test|real|bench)-/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

it('finds every file that signs in under a keychain service of its own taking its keys out again', () => {
  const named = sources(testDir).filter((file) => file !== import.meta.filename && SERVICE_NAME.test(readFileSync(file, 'utf8')));
  // The rule would hold of nothing if the names changed shape.
  expect(named.length).toBeGreaterThan(10);
  const forgetting = named.filter((file) => !readFileSync(file, 'utf8').includes('forgetKeychainService('));
  expect(forgetting.map((file) => relative(testDir, file))).toEqual([]);
});
