// Emoji names and codes in the three namespaces (unicode_emoji, realm_emoji, service_extra_emoji),
// and the checks real servers apply to an (emoji_name, emoji_code, reaction_type) triple.
import type { Db } from './db/schema';
import { badRequest } from './http/errors';

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';
export const REACTION_TYPES: readonly ReactionType[] = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'];

export interface Emoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

/** A working subset of the Unicode emoji names; aliases share a code. */
const UNICODE: Readonly<Record<string, string>> = {
  '+1': '1f44d',
  thumbs_up: '1f44d',
  '-1': '1f44e',
  thumbs_down: '1f44e',
  '100': '1f4af',
  airplane: '2708',
  calendar: '1f4c6',
  car: '1f697',
  check: '2705',
  clap: '1f44f',
  coffee: '2615',
  eyes: '1f440',
  fire: '1f525',
  grinning: '1f600',
  heart: '2764',
  house: '1f3e0',
  working_on_it: '1f6e0',
  laughing: '1f606',
  octopus: '1f419',
  palm_tree: '1f334',
  pizza: '1f355',
  rocket: '1f680',
  sick: '1f912',
  smile: '1f642',
  star: '2b50',
  sunny: '2600',
  tada: '1f389',
  thinking: '1f914',
  umbrella: '2602',
  wave: '1f44b',
  // More of the common names real servers know, so every emoji the client offers is accepted.
  angry: '1f620',
  beer: '1f37a',
  bell: '1f514',
  blush: '1f60a',
  books: '1f4da',
  boom: '1f4a5',
  bug: '1f41b',
  bulb: '1f4a1',
  cake: '1f370',
  cat: '1f408',
  computer: '1f4bb',
  confused: '1f615',
  cry: '1f622',
  dog: '1f415',
  exclamation: '2757',
  gift: '1f381',
  handshake: '1f91d',
  heart_eyes: '1f60d',
  hourglass: '231b',
  joy: '1f602',
  link: '1f517',
  lock: '1f512',
  memo: '1f4dd',
  muscle: '1f4aa',
  point_up: '261d',
  pray: '1f64f',
  pushpin: '1f4cc',
  question: '2753',
  rainbow: '1f308',
  raised_hands: '1f64c',
  rolling_on_the_floor_laughing: '1f923',
  scream: '1f631',
  sleeping: '1f634',
  snowflake: '2744',
  sob: '1f62d',
  sparkles: '2728',
  star_struck: '1f929',
  sweat_smile: '1f605',
  trophy: '1f3c6',
  upside_down: '1f643',
  warning: '26a0',
  wink: '1f609',
  x: '274c',
  zap: '26a1',
  big_smile: '1f604',
  birthday: '1f382',
  clock: '1f557',
  cloud: '2601',
  cool: '1f192',
  flushed: '1f633',
  folded_hands: '1f64f',
  hugging: '1f917',
  mail: '1f4e7',
  ok: '1f197',
  party_popper: '1f389',
  pencil: '270f',
  relieved: '1f60c',
  sad: '2639',
  see_no_evil: '1f648',
  slight_smile: '1f642',
};
const UNICODE_CODES = new Set(Object.values(UNICODE));
const SERVICE_EXTRA = new Set(['service']);

interface RealmEmojiRow {
  id: number;
  name: string;
}

function activeRealmEmoji(db: Db): RealmEmojiRow[] {
  return db.prepare('SELECT id, name FROM realm_emoji WHERE deactivated = 0').all() as RealmEmojiRow[];
}

/** The emoji a bare name stands for: custom emoji first, as real servers look them up. */
export function emojiByName(db: Db, name: string): Emoji {
  const custom = activeRealmEmoji(db).find((emoji) => emoji.name === name);
  if (custom !== undefined) return { emoji_name: name, emoji_code: String(custom.id), reaction_type: 'realm_emoji' };
  const code = UNICODE[name];
  if (code !== undefined) return { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
  if (SERVICE_EXTRA.has(name)) return { emoji_name: name, emoji_code: name, reaction_type: 'service_extra_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Checks an explicit triple: the code must exist in its namespace and match the name. */
export function checkEmoji(db: Db, name: string, code: string, type: string): Emoji {
  switch (type) {
    case 'realm_emoji': {
      const custom = activeRealmEmoji(db).find((emoji) => String(emoji.id) === code);
      if (custom === undefined) throw badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'realm_emoji' };
    }
    case 'service_extra_emoji':
      if (!SERVICE_EXTRA.has(code)) throw badRequest('Invalid emoji code.');
      if (name !== code) throw badRequest('Invalid emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'service_extra_emoji' };
    case 'unicode_emoji':
      if (!UNICODE_CODES.has(code)) throw badRequest('Invalid emoji code.');
      if (UNICODE[name] !== code) throw badRequest('Invalid emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
    default:
      throw badRequest('Invalid emoji type.');
  }
}

/** The namespace a code belongs to when the client leaves reaction_type out. */
export function reactionTypeOfCode(db: Db, code: string): ReactionType {
  if (UNICODE_CODES.has(code)) return 'unicode_emoji';
  if (SERVICE_EXTRA.has(code)) return 'service_extra_emoji';
  if (activeRealmEmoji(db).some((emoji) => String(emoji.id) === code)) return 'realm_emoji';
  throw badRequest('Invalid emoji code');
}

export function isValidCode(db: Db, code: string, type: ReactionType): boolean {
  if (type === 'unicode_emoji') return UNICODE_CODES.has(code);
  if (type === 'service_extra_emoji') return SERVICE_EXTRA.has(code);
  return activeRealmEmoji(db).some((emoji) => String(emoji.id) === code);
}
