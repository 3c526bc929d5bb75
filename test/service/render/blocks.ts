// Block shapes where the family's Markdown differs from CommonMark, fixed in the text before
// markdown-it reads it (line for line, so line numbers stay the same):
// - an item indented two or more spaces past the item above it is that item's child, where
//   CommonMark asks for the parent's whole marker width;
// - a numbered list may start at any number right under a line of text (CommonMark starts only
//   at 1 there): such items are written as 1 and their number kept to restore `start`;
// - bullets of any kind (*, -, +) in a row make one list;
// - a quote goes on to the end of its paragraph, even on lines without `>`.

const ITEM = /^( *)([*+-]|(\d{1,9})([.)]))( +|$)/;
const QUOTE = /^ {0,3}>/;

interface OpenItem {
  /** The marker's column as typed, and after re-indenting. */
  typed: number;
  placed: number;
  /** Where the item's text starts after re-indenting. */
  content: number;
  children: number;
}

export interface Shaped {
  lines: string[];
  /** The number typed on the first item of a numbered list, by line, where it was rewritten to 1. */
  starts: Map<number, number>;
}

export function shapeBlocks(input: readonly string[]): Shaped {
  const open: OpenItem[] = [];
  const bullets = new Map<number, string>();
  const starts = new Map<number, number>();
  let previous = '';
  let inQuote = false;
  const lines = input.map((line, index) => {
    const before = previous;
    previous = line;
    if (line.trim() === '') {
      inQuote = false;
      return line;
    }
    if (QUOTE.test(line)) inQuote = true;
    else if (inQuote) return `> ${line}`;
    if (inQuote) return line;

    const indent = line.length - line.trimStart().length;
    const item = ITEM.exec(line);
    if (item !== null && (open.length > 0 || indent < 4)) {
      const afterText = open.length === 0 && before.trim() !== '';
      while (open.length > 0 && indent < (open[open.length - 1]?.typed ?? 0) + 2) open.pop();
      const parent = open[open.length - 1];
      const placed = parent === undefined ? indent : parent.content;
      const [, , bullet, number, delimiter = '.', spacing = ' '] = item;
      const marker = (bullet ?? '').length + Math.max(spacing.length, 1);
      // The first item of a list opened right under text (its parent item's or a paragraph's).
      const opensList = parent === undefined ? afterText : parent.children === 0;
      if (parent !== undefined) parent.children += 1;
      open.push({ typed: indent, placed, content: placed + marker, children: 0 });
      for (const column of bullets.keys()) if (column > placed) bullets.delete(column);
      let text = line.trimStart();
      if (number === undefined) {
        const first = bullets.get(placed) ?? bullet ?? '*';
        bullets.set(placed, first);
        text = first + text.slice(1);
      } else {
        bullets.delete(placed);
        if (Number(number) !== 1 && opensList && before.trim() !== '') {
          starts.set(index, Number(number));
          text = `1${delimiter}${text.slice(number.length + 1)}`;
        }
      }
      return ' '.repeat(placed) + text;
    }
    if (indent === 0 && before.trim() === '') {
      open.length = 0;
      bullets.clear();
    }
    // Text under an item moves with it.
    const owner = [...open].reverse().find((candidate) => candidate.typed < indent);
    if (owner === undefined || indent === 0) return line;
    return ' '.repeat(Math.max(indent + owner.placed - owner.typed, 0)) + line.trimStart();
  });
  return { lines, starts };
}
