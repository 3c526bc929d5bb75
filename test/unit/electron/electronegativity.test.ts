// scripts/electronegativity.mjs: passes on the app's Electron code, and fails on a window that
// drops context isolation (so the gate in `npm test` can really fail).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const script = join(root, 'scripts', 'electronegativity.mjs');
let fixture: string;

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'electronegativity-fixture-'));
  writeFileSync(
    join(fixture, 'window.ts'),
    "import { BrowserWindow } from 'electron';\nexport const w = new BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: true } });\n",
  );
});
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

async function scan(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { cwd: root });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('electronegativity gate', () => {
  it('finds nothing HIGH in main/electron, main/security and preload', async () => {
    const { code, output } = await scan();
    expect(output).toMatch(/0 at HIGH or above, 0 file\(s\) not parsed/);
    expect(code).toBe(0);
  });

  it('fails, naming the finding, on a window without context isolation', async () => {
    const { code, output } = await scan(fixture);
    expect(code).toBe(1);
    expect(output).toMatch(/✗ HIGH +CONTEXT_ISOLATION_JS_CHECK/);
  });
});
