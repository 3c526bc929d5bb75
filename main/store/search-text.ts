// The text the offline search index holds, and what a query looks for in it, by one rule.
// SQLite's unicode61 tokenizer splits on spaces and punctuation: a run of Chinese or Japanese has
// neither, so it was one token that only its own first characters found, and emoji were not
// tokens at all. Here a run of CJK (and Hangul) letters becomes its overlapping pairs of
// characters, the run's last character closed by a mark (so one character alone finds a run
// it ends), and each emoji character becomes a token of its code point. The mark is U+E000, a
// private-use character: unicode61 counts those as word characters already, and no one types it.

/** The private-use character the index's tokens add: it closes a CJK run and wraps an emoji's code. */
export const MARK = '\uE000';

const CJK_LETTER = String.raw`(?=[\p{L}\p{M}\p{Nl}])[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]`;
const CJK_RUN = new RegExp(`(?:${CJK_LETTER})+`, 'gu');
/** An emoji character: a keycap as a whole, else each pictograph, skin tone and regional indicator. */
const EMOJI = /[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/gu;
/** Text wholly in the ASCII range has neither: most messages skip both passes. */
const NOT_ASCII = /[^\p{ASCII}]/u;

function emojiToken(emoji: string): string {
  const codes = [...emoji].map((char) => char.codePointAt(0)!).filter((code) => code !== 0xfe0f);
  return `${MARK}${codes.map((code) => code.toString(16)).join(MARK)}${MARK}`;
}

/** A CJK run's tokens: its pairs, then its last character closed by the mark, unless the run is still open. */
function runTokens(run: string, open: boolean): string {
  const chars = [...run];
  const pairs = chars.slice(0, -1).map((char, index) => `${char}${chars[index + 1]}`);
  if (!open) pairs.push(`${chars.at(-1)!}${MARK}`);
  else if (chars.length === 1) pairs.push(chars[0]!);
  return pairs.join(' ');
}

/**
 * Text as the index holds it. For a query's word or phrase `open` leaves a CJK run at its very
 * end unclosed: the text it finds may go on after it.
 */
export function searchableText(text: string, open = false): string {
  if (!NOT_ASCII.test(text)) return text;
  const emojiDone = text.replace(EMOJI, (emoji) => ` ${emojiToken(emoji)} `);
  return emojiDone.replace(CJK_RUN, (run, offset: number) => ` ${runTokens(run, open && offset + run.length === emojiDone.trimEnd().length)} `);
}

/** The emoji a server's emoji span names by its code (`1f389`, `1f937-200d-2640`), as index tokens. */
export function emojiCodeText(code: string): string {
  const chars = code
    .split('-')
    .map((part) => Number.parseInt(part, 16))
    .filter((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff);
  return searchableText(String.fromCodePoint(...chars));
}
