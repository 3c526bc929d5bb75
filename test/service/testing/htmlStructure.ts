// The structure of an HTML fragment, for comparing the simulator's message HTML with a real
// server's: elements in order with their names and attributes (class compared as a set of names,
// every other attribute by exact value), and text with entities decoded and whitespace collapsed
// (runs of whitespace count as one space; whitespace at the edges of a text run and whitespace-only
// runs between elements are not compared, as they do not change what a reader sees).
import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';

function describe(node: ChildNode, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  if (node.type === 'text') {
    const text = node.data.replace(/\s+/g, ' ').trim();
    if (text !== '') out.push(`${indent}"${text}"`);
    return;
  }
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
  const attributes = Object.entries(node.attribs)
    .map(([name, value]) => [name, name === 'class' ? value.split(/\s+/).filter(Boolean).sort().join(' ') : value] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  out.push(`${indent}<${node.name}${attributes}>`);
  for (const child of node.children) describe(child, depth + 1, out);
}

/** One line per element or text run, indented by depth. */
export function htmlStructure(html: string): string {
  const out: string[] = [];
  for (const child of parseDocument(html, { decodeEntities: true }).children) describe(child, 0, out);
  return out.join('\n');
}
