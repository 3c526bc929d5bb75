// The structure of an HTML fragment, for comparing the simulator's message HTML with a real
// server's: elements in order with their names and attributes (class compared as a set of names,
// every other attribute by exact value), and text with entities decoded and whitespace collapsed
// (runs of whitespace count as one space; whitespace at the edges of a text run and whitespace-only
// runs between elements are not compared, as they do not change what a reader sees). Both sides
// go through the same HTML parser (parse5, as a browser parses).
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;

function describe(node: Node, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  if (node.nodeName === '#text' && 'value' in node) {
    const text = node.value.replace(/\s+/g, ' ').trim();
    if (text !== '') out.push(`${indent}"${text}"`);
    return;
  }
  if (!('tagName' in node)) return;
  const attributes = node.attrs
    .map(({ name, value }) => [name, name === 'class' ? value.split(/\s+/).filter(Boolean).sort().join(' ') : value] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  out.push(`${indent}<${node.tagName}${attributes}>`);
  const children = node.tagName === 'template' && 'content' in node ? node.content.childNodes : node.childNodes;
  for (const child of children) describe(child, depth + 1, out);
}

/** One line per element or text run, indented by depth. */
export function htmlStructure(html: string): string {
  const out: string[] = [];
  for (const child of parseFragment(html).childNodes) describe(child, 0, out);
  return out.join('\n');
}
