// The Unicode emoji the app offers, by the names servers of this family use (`emoji_name`) and
// their code points (`emoji_code`, dash-separated hex): the family's whole catalog
// (catalog.json, written by scripts/emoji-catalog.ts from what a server serves), so that every
// name offered is one the server accepts, and every alias it knows can be typed.
import catalog from './catalog.json';

export interface UnicodeEmoji {
  emoji_name: string;
  emoji_code: string;
}

/** What the family's clients offer first: the reactions people use most. */
const POPULAR_CODES = ['1f44d', '1f389', '1f642', '2764', '1f6e0', '1f419'];

/** Each emoji's name and its aliases, as the catalog lists them. */
const NAMED: readonly { code: string; names: readonly string[] }[] = catalog.categories.flatMap((category) =>
  category.emoji.flatMap(([code, ...names]) => (code === undefined || names.length === 0 ? [] : [{ code, names }])),
);

const canonical = ({ code, names }: { code: string; names: readonly string[] }): UnicodeEmoji => ({ emoji_name: names[0] ?? code, emoji_code: code });

/** The picker's emoji: one name per glyph, popular ones first, then the categories in the family's order. */
export const UNICODE_EMOJI: readonly UnicodeEmoji[] = [
  ...POPULAR_CODES.flatMap((code) => NAMED.filter((e) => e.code === code).map(canonical)),
  ...NAMED.filter((e) => !POPULAR_CODES.includes(e.code)).map(canonical),
];

/** Every name the server knows, each alias with the code of its emoji: what completion and search match. */
export const UNICODE_EMOJI_NAMES: readonly UnicodeEmoji[] = NAMED.flatMap(({ code, names }) => names.map((emoji_name) => ({ emoji_name, emoji_code: code })));

/** The character(s) of a Unicode emoji code (`1f468-200d-1f4bb`); undefined when it is not one. */
export function unicodeGlyph(emoji_code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(emoji_code)) return undefined;
  const points = emoji_code.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : undefined;
}

/**
 * The emoji as text to show. The server's codes drop the variation selector: a lone symbol (✈ 2708)
 * would show as a text glyph, and a keycap needs it before its combining mark.
 */
export function emojiPresentation(code: string): string | undefined {
  const glyph = unicodeGlyph(code);
  if (glyph === undefined) return undefined;
  const points = [...glyph];
  const last = points.at(-1) ?? '';
  if (last === '\u20e3') return `${points.slice(0, -1).join('')}\ufe0f\u20e3`;
  const lastPoint = last.codePointAt(0) ?? 0;
  return lastPoint < 0x1f000 && last !== '\ufe0f' ? `${glyph}\ufe0f` : glyph;
}
