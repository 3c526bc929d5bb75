// The Unicode emoji the app offers, by the names servers of this family use (`emoji_name`) and
// their code points (`emoji_code`, dash-separated hex): a common subset, not the whole Unicode list.
// The picker shows each glyph once, in its order; the compose box also completes the aliases.
export interface UnicodeEmoji {
  emoji_name: string;
  emoji_code: string;
}

const ENTRIES: readonly (readonly [string, string])[] = [
  ['+1', '1f44d'],
  ['-1', '1f44e'],
  ['heart', '2764'],
  ['tada', '1f389'],
  ['smile', '1f642'],
  ['grinning', '1f600'],
  ['laughing', '1f606'],
  ['joy', '1f602'],
  ['rolling_on_the_floor_laughing', '1f923'],
  ['wink', '1f609'],
  ['blush', '1f60a'],
  ['heart_eyes', '1f60d'],
  ['star_struck', '1f929'],
  ['thinking', '1f914'],
  ['upside_down', '1f643'],
  ['sweat_smile', '1f605'],
  ['confused', '1f615'],
  ['cry', '1f622'],
  ['sob', '1f62d'],
  ['scream', '1f631'],
  ['angry', '1f620'],
  ['sleeping', '1f634'],
  ['sick', '1f912'],
  ['eyes', '1f440'],
  ['clap', '1f44f'],
  ['wave', '1f44b'],
  ['raised_hands', '1f64c'],
  ['pray', '1f64f'],
  ['muscle', '1f4aa'],
  ['handshake', '1f91d'],
  ['point_up', '261d'],
  ['check', '2705'],
  ['x', '274c'],
  ['question', '2753'],
  ['exclamation', '2757'],
  ['warning', '26a0'],
  ['100', '1f4af'],
  ['fire', '1f525'],
  ['sparkles', '2728'],
  ['star', '2b50'],
  ['zap', '26a1'],
  ['boom', '1f4a5'],
  ['rocket', '1f680'],
  ['working_on_it', '1f6e0'],
  ['bulb', '1f4a1'],
  ['bug', '1f41b'],
  ['memo', '1f4dd'],
  ['pushpin', '1f4cc'],
  ['link', '1f517'],
  ['lock', '1f512'],
  ['bell', '1f514'],
  ['calendar', '1f4c6'],
  ['hourglass', '231b'],
  ['computer', '1f4bb'],
  ['books', '1f4da'],
  ['trophy', '1f3c6'],
  ['gift', '1f381'],
  ['cake', '1f370'],
  ['pizza', '1f355'],
  ['coffee', '2615'],
  ['beer', '1f37a'],
  ['octopus', '1f419'],
  ['dog', '1f415'],
  ['cat', '1f408'],
  ['palm_tree', '1f334'],
  ['sunny', '2600'],
  ['umbrella', '2602'],
  ['snowflake', '2744'],
  ['rainbow', '1f308'],
  ['house', '1f3e0'],
  ['car', '1f697'],
  ['airplane', '2708'],
];

// Other names servers know for glyphs above (or a few more): completed after `:`, not in the picker.
const ALIASES: readonly (readonly [string, string])[] = [
  ['thumbs_up', '1f44d'],
  ['thumbs_down', '1f44e'],
  ['slight_smile', '1f642'],
  ['party_popper', '1f389'],
  ['folded_hands', '1f64f'],
  ['big_smile', '1f604'],
  ['birthday', '1f382'],
  ['clock', '1f557'],
  ['cloud', '2601'],
  ['cool', '1f192'],
  ['flushed', '1f633'],
  ['hugging', '1f917'],
  ['mail', '1f4e7'],
  ['ok', '1f197'],
  ['pencil', '270f'],
  ['relieved', '1f60c'],
  ['sad', '2639'],
  ['see_no_evil', '1f648'],
];

const toEmoji = ([emoji_name, emoji_code]: readonly [string, string]): UnicodeEmoji => ({ emoji_name, emoji_code });

/** The picker's emoji: one name per glyph. */
export const UNICODE_EMOJI: readonly UnicodeEmoji[] = ENTRIES.map(toEmoji);

/** Every name the compose box completes: the picker's and their aliases. */
export const UNICODE_EMOJI_NAMES: readonly UnicodeEmoji[] = [...ENTRIES, ...ALIASES].map(toEmoji);

/** The character(s) of a Unicode emoji code (`1f468-200d-1f4bb`); undefined when it is not one. */
export function unicodeGlyph(emoji_code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(emoji_code)) return undefined;
  const points = emoji_code.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : undefined;
}
