// What a person types in the search box, read once, the same way on both sides: the renderer
// reads it to suggest and to show what it will search, main to search the mirror and to ask the
// server. The family's syntax: `operator:operand` (the operand quoted when it has spaces), a `-`
// before an operator to negate it, "quoted phrases", and words. A word that only looks like an
// operator (`https://…`, `note:`) stays a word, as the family's own clients read it.

/** The operators the search box knows, in the family's spelling. */
export const SEARCH_OPERATORS = ['channel', 'topic', 'sender', 'dm', 'is', 'has', 'near'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** Older spellings the family still accepts, read as the operator they became. */
const ALIASES: Readonly<Record<string, SearchOperator>> = { stream: 'channel', subject: 'topic', from: 'sender', 'pm-with': 'dm' };

/** What `is:` and `has:` take, as the family's servers know them. */
export const IS_OPERANDS = ['unread', 'starred', 'mentioned', 'dm', 'resolved', 'alerted', 'followed'] as const;
export const HAS_OPERANDS = ['link', 'image', 'attachment', 'reaction'] as const;

export interface SearchTerm {
  operator: SearchOperator;
  operand: string;
  negated: boolean;
}

export interface SearchQuery {
  terms: SearchTerm[];
  /** Words, each found as the start of a word in a message's text or topic. */
  words: string[];
  /** Quoted phrases, found as written. */
  phrases: string[];
  /** Operators typed without their value (`channel:` alone). */
  incomplete: SearchOperator[];
}

/** One piece of the query as typed, and where it is: the suggestions complete the piece at the caret. */
export type QueryPiece =
  | { kind: 'term'; start: number; end: number; term: SearchTerm; quoted: boolean }
  | { kind: 'word'; start: number; end: number; text: string }
  | { kind: 'phrase'; start: number; end: number; text: string; closed: boolean };

/** Control characters (a NUL pasted in) separate pieces like spaces: no side ever sees one. */
const SPACE = /[\s\p{Cc}]/u;
const OPERATOR = /^(-?)([A-Za-z][A-Za-z-]*):/;

function operatorNamed(name: string): SearchOperator | undefined {
  const lower = name.toLowerCase();
  return (SEARCH_OPERATORS as readonly string[]).includes(lower) ? (lower as SearchOperator) : ALIASES[lower];
}

/** The query's pieces in order (`operators` false: every piece a word or a phrase). Never throws: any text reads as something. */
export function queryPieces(text: string, operators = true): QueryPiece[] {
  const pieces: QueryPiece[] = [];
  let at = 0;
  const endOfBare = (from: number): number => {
    let end = from;
    while (end < text.length && !SPACE.test(text[end]!)) end++;
    return end;
  };
  const endOfQuoted = (from: number): { end: number; closed: boolean } => {
    const close = text.indexOf('"', from + 1);
    return close === -1 ? { end: text.length, closed: false } : { end: close + 1, closed: true };
  };
  while (at < text.length) {
    if (SPACE.test(text[at]!)) {
      at++;
      continue;
    }
    const start = at;
    if (text[at] === '"') {
      const { end, closed } = endOfQuoted(at);
      pieces.push({ kind: 'phrase', start, end, text: clean(text.slice(start + 1, closed ? end - 1 : end)), closed });
      at = end;
      continue;
    }
    const head = operators ? OPERATOR.exec(text.slice(at, at + 40)) : null;
    const operator = head && operatorNamed(head[2]!);
    if (head && operator) {
      const from = at + head[0].length;
      const quoted = text[from] === '"';
      const { end } = quoted ? endOfQuoted(from) : { end: endOfBare(from) };
      const raw = quoted ? text.slice(from + 1, end).replace(/"$/, '') : text.slice(from, end);
      const operand = operator === 'is' || operator === 'has' ? clean(raw).toLowerCase() : clean(raw);
      pieces.push({ kind: 'term', start, end, quoted, term: { operator, operand: operator === 'is' && operand === 'private' ? 'dm' : operand, negated: head[1] === '-' } });
      at = end;
      continue;
    }
    const end = endOfBare(at);
    pieces.push({ kind: 'word', start, end, text: text.slice(start, end) });
    at = end;
  }
  return pieces;
}

/** The operators, words and phrases of what was typed. */
export function parseSearch(text: string, operators = true): SearchQuery {
  const query: SearchQuery = { terms: [], words: [], phrases: [], incomplete: [] };
  for (const piece of queryPieces(text, operators)) {
    if (piece.kind === 'term') {
      if (piece.term.operand === '') query.incomplete.push(piece.term.operator);
      else query.terms.push(piece.term);
    } else if (piece.kind === 'phrase') {
      if (/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(piece.text)) query.phrases.push(piece.text);
    } else {
      const word = piece.text.replace(/"/g, '');
      if (/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(word)) query.words.push(word);
    }
  }
  return query;
}

/** The `search` operand the family's servers take: the words, then the phrases in quotes. */
export function searchOperand(query: Pick<SearchQuery, 'words' | 'phrases'>): string {
  return [...query.words, ...query.phrases.map((phrase) => `"${phrase}"`)].join(' ');
}

/** The words and phrases of a `search` operand, read back (the mirror answers the same operand). */
export function searchOperandParts(operand: string): Pick<SearchQuery, 'words' | 'phrases'> {
  const { words, phrases } = parseSearch(operand, false);
  return { words, phrases };
}

/** A term as it is typed: quoted when its operand has a space, so it reads back the same. */
export function formatTerm(term: SearchTerm): string {
  const operand = /[\s"]/u.test(term.operand) || term.operand === '' ? `"${term.operand.replace(/"/g, '')}"` : term.operand;
  return `${term.negated ? '-' : ''}${term.operator}:${operand}`;
}

function clean(text: string): string {
  return text.replace(/[\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();
}
