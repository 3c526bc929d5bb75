// The layering table of ../shared/ARCHITECTURE.md holds because the lint config says so;
// these cases prove each forbidden edge is really reported, so the rule cannot rot silently.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** Some existing .ts file under `dir`, so the import resolves as a real one would. */
function someFileIn(dir: string): string {
  const abs = join(root, dir);
  for (const name of readdirSync(abs).sort()) {
    const full = join(abs, name);
    if (statSync(full).isDirectory()) {
      const found = someFileIn(join(dir, name));
      if (found) return found;
    } else if (name.endsWith('.ts')) {
      return join(dir, name);
    }
  }
  return '';
}

async function lintImport(fromFile: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, fromFile) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

function relativeImport(fromFile: string, targetDir: string): string {
  const target = someFileIn(targetDir);
  expect(target, `a file to import in ${targetDir}`).not.toBe('');
  const spec = relative(dirname(join(root, fromFile)), join(root, target)).replace(/\.ts$/, '');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

describe('layering lint rule', () => {
  const forbiddenEdges: [string, string][] = [
    ['shared/api/probe.ts', 'main'],
    ['shared/api/probe.ts', 'test/service'],
    ['main/api/probe.ts', 'test/service'],
    ['main/api/probe.ts', 'main/electron'],
    ['main/browser/probe.ts', 'main/electron'],
    ['test/service/probe.ts', 'main'],
    ['test/service/probe.ts', 'shared'],
    ['renderer/probe.ts', 'main'],
    ['preload/probe.ts', 'main'],
    // Inside main/.
    ['main/store/probe.ts', 'main/api'],
    ['main/store/probe.ts', 'main/sync'],
    ['main/api/probe.ts', 'main/store'],
    ['main/sync/probe.ts', 'main/admin'],
    ['main/sync/probe.ts', 'main/app'],
    ['main/admin/probe.ts', 'main/handlers'],
    ['main/app/probe.ts', 'main/handlers'],
  ];
  it.each(forbiddenEdges)('reports %s importing from %s/', async (fromFile, targetDir) => {
    const messages = await lintImport(fromFile, relativeImport(fromFile, targetDir));
    expect(messages.length).toBeGreaterThan(0);
  });

  const forbiddenPackages: [string, string][] = [
    ['shared/api/probe.ts', 'node:fs'],
    ['shared/api/probe.ts', 'electron'],
    ['shared/api/probe.ts', 'ky'],
    ['main/api/probe.ts', 'electron'],
    ['renderer/probe.ts', 'electron'],
    ['renderer/probe.ts', 'node:path'],
    ['renderer/probe.ts', 'better-sqlite3'],
    ['preload/probe.ts', 'node:child_process'],
    ['main/sync/probe.ts', 'better-sqlite3'],
  ];
  it.each(forbiddenPackages)('reports %s importing %s', async (fromFile, specifier) => {
    expect(await lintImport(fromFile, specifier)).not.toEqual([]);
  });

  it('reports a Svelte component of the renderer importing main/ or a Node builtin', async () => {
    const target = relativeImport('renderer/src/Probe.svelte', 'main');
    for (const specifier of [target, 'node:fs']) {
      const code = `<script lang="ts">\n  import * as imported from '${specifier}';\n  console.log(imported);\n</script>\n`;
      const [result] = await eslint.lintText(code, { filePath: join(root, 'renderer/src/Probe.svelte') });
      const rules = (result?.messages ?? []).map((m) => m.ruleId);
      expect(rules.some((rule) => rule === 'import/no-restricted-paths' || rule === 'no-restricted-imports'), specifier).toBe(true);
    }
  });

  async function restrictedSyntax(fromFile: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, fromFile) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it('reports SQL outside main/store/, and not inside it', async () => {
    const prepare = `export const rows = (db: { prepare(sql: string): { all(): unknown[] } }) => db.prepare('SELECT 1').all();\n`;
    expect(await restrictedSyntax('main/sync/probe.ts', prepare)).not.toEqual([]);
    expect(await restrictedSyntax('main/admin/probe.ts', `import { prepared } from '../store/keyed-table';\nexport const rows = (db: never) => prepared(db, 'SELECT 1').all();\n`)).not.toEqual([]);
    expect(await restrictedSyntax('main/store/probe.ts', prepare)).toEqual([]);
  });

  it('reports module-level state in main/handlers/, which belongs to the session', async () => {
    expect(await restrictedSyntax('main/handlers/probe.ts', 'export const notifiers = new WeakMap<object, number>();\n')).not.toEqual([]);
    expect(await restrictedSyntax('main/handlers/probe.ts', 'export let current: number | undefined;\n')).not.toEqual([]);
    expect(await restrictedSyntax('main/handlers/probe.ts', "export const KINDS: readonly string[] = ['a'];\nexport function make() {\n  return new Map<string, number>();\n}\n")).toEqual([]);
  });

  it("reports renderer modules that keep state of their own: the account's state owns it", async () => {
    const probe = 'renderer/src/lib/probe.svelte.ts';
    expect(await restrictedSyntax(probe, 'export const counts = $state({ total: 0 });\n')).not.toEqual([]);
    expect(await restrictedSyntax(probe, 'const names = $state.raw(new Map<number, string>());\nexport const read = () => names;\n')).not.toEqual([]);
    expect(await restrictedSyntax(probe, 'class Unread {\n  total = $state(0);\n}\nexport const unread = new Unread();\n')).not.toEqual([]);
    expect(await restrictedSyntax(probe, 'export class Unread {\n  total = $state(0);\n  readonly shown = $derived(this.total > 0);\n}\n')).toEqual([]);
    expect(await restrictedSyntax('renderer/src/lib/theme.svelte.ts', 'class Theme {\n  choice = $state(0);\n}\nexport const theme = new Theme();\n')).toEqual([]);
  });

  it("reports views importing the account state's parts, and allows its context", async () => {
    const view = 'renderer/src/screens/probe.ts';
    expect(await lintImport(view, '../account/me.svelte')).not.toEqual([]);
    expect(await lintImport(view, '../account/account-state.svelte')).not.toEqual([]);
    expect(await lintImport(view, '../account/context')).toEqual([]);
    expect(await lintImport('renderer/src/account/probe.ts', './me.svelte')).toEqual([]);
  });

  it('allows the edges the table allows', async () => {
    expect(await lintImport('main/api/probe.ts', relativeImport('main/api/probe.ts', 'shared'))).toEqual([]);
    expect(await lintImport('main/api/probe.ts', 'node:fs')).toEqual([]);
    expect(await lintImport('test/integration/probe.ts', relativeImport('test/integration/probe.ts', 'main'))).toEqual([]);
    expect(await lintImport('test/service/probe.ts', 'node:http')).toEqual([]);
    expect(await lintImport('main/handlers/probe.ts', relativeImport('main/handlers/probe.ts', 'main/app'))).toEqual([]);
    expect(await lintImport('main/sync/probe.ts', relativeImport('main/sync/probe.ts', 'main/store'))).toEqual([]);
    expect(await lintImport('main/store/probe.ts', 'better-sqlite3')).toEqual([]);
  });
});
