// The sandboxed preload is bundled into one CommonJS file; a value import from outside preload/
// (shared/ipc.ts would bring zod) would bloat it or break it. Type imports are erased.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const preloadDir = join(import.meta.dirname, '..', '..', '..', 'preload');
const importPattern = /^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm;

describe('preload sources', () => {
  const files = readdirSync(preloadDir).filter((name) => name.endsWith('.ts'));

  it('exist', () => expect(files).toContain('index.ts'));

  it.each(files)('%s imports values only from electron and preload/', (name) => {
    const source = readFileSync(join(preloadDir, name), 'utf8');
    const valueImports = [...source.matchAll(importPattern)].filter(([, isType]) => !isType).map(([, , from]) => from);
    for (const from of valueImports) expect(from === 'electron' || from?.startsWith('./'), `${name} imports ${from}`).toBe(true);
  });
});
