// Issue 11 brought the type assertions in main/ below 25: data crossing a boundary is validated,
// not asserted. This keeps the figure from creeping back. Assertions are found in the syntax
// tree, so a comment that says "as" is not one and `x as string` is.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const LIMIT = 25;

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

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
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
    const casts = typeScriptFiles(join(root, 'main')).flatMap((file) =>
      assertionsIn(file, readFileSync(file, 'utf8')).map((found) => `${relative(root, file)}:${found}`),
    );
    expect(casts.length, `validate the data or narrow it instead; the assertions now:\n${casts.join('\n')}`).toBeLessThan(LIMIT);
  });
});
