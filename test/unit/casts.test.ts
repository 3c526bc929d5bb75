// Issue 11 brought the type assertions in main/ below 25: data crossing a boundary is validated,
// not asserted. Issue 23 took the renderer's from 99 (75 of them `(e as Error)`) to the 3 of the
// WebSocket bridge, where main's typed answers enter the window. This keeps both figures from
// creeping back. Assertions are found in the syntax tree (a Svelte file's script blocks), so a
// comment that says "as" is not one and `x as string` is.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const LIMIT = 25;
const RENDERER_LIMIT = 3;

/** Every `x as T` and `<T>x` but `as const` (which asserts nothing), as `line: text`. */
function assertionsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !ts.isConstTypeReference(node.type)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

/** The TypeScript of a file: a Svelte component's script blocks, in order. */
function scriptOf(file: string, text: string): string {
  if (!file.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((block) => block[1]).join('\n');
}

function assertionsUnder(dir: string, extensions: readonly string[]): string[] {
  return sourceFiles(join(root, dir), extensions).flatMap((file) => assertionsIn(file, scriptOf(file, readFileSync(file, 'utf8'))).map((found) => `${relative(root, file)}:${found}`));
}

describe('type assertions in main/', () => {
  it('are counted in code, whatever their type, and not in comments', () => {
    const code = [
      '// read as JSON, typed as Record<string, unknown>',
      'const a = value as Account;',
      'const b = <number>other;',
      'const c = text as string;',
      'const d = ids as unknown as number[];',
      "const e = ['x'] as const;",
    ].join('\n');
    expect(assertionsIn('probe.ts', code).map((found) => found.split(':')[0])).toEqual(['2', '3', '4', '5', '5']);
  });

  it(`stay below ${LIMIT}`, () => {
    const casts = assertionsUnder('main', ['.ts']);
    expect(casts.length, `validate the data or narrow it instead; the assertions now:\n${casts.join('\n')}`).toBeLessThan(LIMIT);
  });
});

describe('type assertions in renderer/', () => {
  it('are counted in the script blocks of Svelte components too', () => {
    const component = ['<script lang="ts">', '  const a = value as Account;', '</script>', '<p>{a} as text</p>', '<script module>const b = <number>other;</script>'].join('\n');
    expect(assertionsIn('probe.svelte', scriptOf('probe.svelte', component))).toHaveLength(2);
  });

  it(`are at most the ${RENDERER_LIMIT} of the IPC bridge`, () => {
    const casts = assertionsUnder('renderer', ['.ts', '.svelte']);
    expect(casts.length, `narrow the value (instanceof, a typed handler, a zod check) instead; the assertions now:\n${casts.join('\n')}`).toBeLessThanOrEqual(RENDERER_LIMIT);
  });
});
