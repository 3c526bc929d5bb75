// The Unicode emoji the picker offers, by the names servers of this family use (`emoji_name`) and
// their code points (`emoji_code`, dash-separated hex): a common subset, in the picker's order.
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

export const UNICODE_EMOJI: readonly UnicodeEmoji[] = ENTRIES.map(([emoji_name, emoji_code]) => ({ emoji_name, emoji_code }));

/** The character(s) of a Unicode emoji code (`1f468-200d-1f4bb`); undefined when it is not one. */
export function unicodeGlyph(emoji_code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(emoji_code)) return undefined;
  const points = emoji_code.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : undefined;
}
