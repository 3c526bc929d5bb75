// Emoji names and codes in the three namespaces (Unicode, the organization's custom emoji, and the
// server's own extra emoji), and the checks real servers apply to an (emoji_name, emoji_code,
// reaction_type) triple. Reaction types are stored in the spec's spelling; dialect.ts translates.
import type { Db } from './db/schema';
import { spelling, storedReactionType, type Dialect } from './dialect';
import { badRequest } from './http/errors';
import { NAME_TO_CODEPOINT, UNICODE_CODEPOINTS } from './render/emojiTable';

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

export interface Emoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

interface RealmEmojiRow {
  id: number;
  name: string;
}

function activeRealmEmoji(db: Db): RealmEmojiRow[] {
  return db.prepare('SELECT id, name FROM realm_emoji WHERE deactivated = 0').all() as RealmEmojiRow[];
}

const extraName = (dialect: Dialect): string => spelling(dialect).extraEmojiName;

/** A reaction type as the client sent it, in the stored spelling; refused when this server has no such type. */
export function parseReactionType(dialect: Dialect, value: string): ReactionType {
  const stored = storedReactionType(dialect, value);
  if (stored === 'unicode_emoji' || stored === 'realm_emoji' || stored === 'service_extra_emoji') return stored;
  throw badRequest('Invalid emoji type.');
}

/** The emoji a bare name stands for: custom emoji first, as real servers look them up. */
export function emojiByName(db: Db, name: string, dialect: Dialect = 'spec'): Emoji {
  const custom = activeRealmEmoji(db).find((emoji) => emoji.name === name);
  if (custom !== undefined) return { emoji_name: name, emoji_code: String(custom.id), reaction_type: 'realm_emoji' };
  const code = NAME_TO_CODEPOINT.get(name);
  if (code !== undefined) return { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
  if (name === extraName(dialect)) return { emoji_name: name, emoji_code: name, reaction_type: 'service_extra_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Checks an explicit triple: the code must exist in its namespace and match the name. */
export function checkEmoji(db: Db, name: string, code: string, type: ReactionType, dialect: Dialect = 'spec'): Emoji {
  switch (type) {
    case 'realm_emoji': {
      const custom = activeRealmEmoji(db).find((emoji) => String(emoji.id) === code);
      if (custom === undefined) throw badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'realm_emoji' };
    }
    case 'service_extra_emoji':
      if (code !== extraName(dialect)) throw badRequest('Invalid emoji code.');
      if (name !== code) throw badRequest('Invalid emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'service_extra_emoji' };
    default:
      if (!UNICODE_CODEPOINTS.has(code)) throw badRequest('Invalid emoji code.');
      if (NAME_TO_CODEPOINT.get(name) !== code) throw badRequest('Invalid emoji name.');
      return { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
  }
}

/** The namespace a code belongs to when the client leaves reaction_type out. */
export function reactionTypeOfCode(db: Db, code: string, dialect: Dialect = 'spec'): ReactionType {
  if (UNICODE_CODEPOINTS.has(code)) return 'unicode_emoji';
  if (code === extraName(dialect)) return 'service_extra_emoji';
  if (activeRealmEmoji(db).some((emoji) => String(emoji.id) === code)) return 'realm_emoji';
  throw badRequest('Invalid emoji code');
}

export function isValidCode(db: Db, code: string, type: ReactionType, dialect: Dialect = 'spec'): boolean {
  if (type === 'unicode_emoji') return UNICODE_CODEPOINTS.has(code);
  if (type === 'service_extra_emoji') return code === extraName(dialect);
  return activeRealmEmoji(db).some((emoji) => String(emoji.id) === code);
}
