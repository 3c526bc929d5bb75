// A `/me` message ("/me waves") is shown as an action of its sender: "Hamlet waves".
import type { Block, Inline } from './nodes';

const PREFIX = '/me ';

/** What a `/me` message says after the command, or undefined when it is not one. */
export function meAction(blocks: readonly Block[]): Inline[] | undefined {
  const [first] = blocks;
  if (blocks.length !== 1 || first?.kind !== 'paragraph') return undefined;
  const [lead, ...rest] = first.children;
  if (lead?.kind !== 'text' || !lead.text.startsWith(PREFIX)) return undefined;
  const text = lead.text.slice(PREFIX.length);
  return text === '' ? rest : [{ kind: 'text', text }, ...rest];
}
