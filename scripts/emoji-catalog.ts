// Writes shared/emoji/catalog.json from the emoji data a server of the family serves
// (/static/generated/emoji/emoji_codes.json): the family's names for each Unicode emoji, its
// aliases, the picker's categories in the family's order, and the emoticons it converts. Names
// must be the server's own: a reaction under any other name is refused.
//   npx tsx scripts/emoji-catalog.ts http://127.0.0.1:9991     (or a saved emoji_codes.json)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const served = z.object({
  name_to_codepoint: z.record(z.string(), z.string()),
  codepoint_to_name: z.record(z.string(), z.string()),
  emoji_catalog: z.record(z.string(), z.array(z.string())),
  emoticon_conversions: z.record(z.string(), z.string()),
});

/** The family's picker order. */
const CATEGORIES = ['Smileys & Emotion', 'People & Body', 'Animals & Nature', 'Food & Drink', 'Activities', 'Travel & Places', 'Objects', 'Symbols', 'Flags'];

const source = process.argv[2];
if (!source) throw new Error('usage: emoji-catalog.ts <server URL | emoji_codes.json>');
const text = source.startsWith('http') ? await (await fetch(new URL('/static/generated/emoji/emoji_codes.json', source))).text() : readFileSync(source, 'utf8');
const data = served.parse(JSON.parse(text));

const aliases = new Map<string, string[]>();
for (const [name, code] of Object.entries(data.name_to_codepoint)) {
  if (data.codepoint_to_name[code] !== name) aliases.set(code, [...(aliases.get(code) ?? []), name]);
}
const missing = Object.keys(data.emoji_catalog).filter((category) => !CATEGORIES.includes(category));
if (missing.length > 0) throw new Error(`categories this script does not place: ${missing.join(', ')}`);
const catalog = {
  source: 'the emoji_codes.json of a server of the family (Zulip 11.0-dev, feature level 372), by scripts/emoji-catalog.ts',
  // Each emoji: [code, its name, ...its aliases].
  categories: CATEGORIES.map((name) => ({
    name,
    emoji: (data.emoji_catalog[name] ?? []).map((code) => {
      const canonical = data.codepoint_to_name[code];
      if (canonical === undefined) throw new Error(`${code} of ${name} has no name`);
      return [code, canonical, ...(aliases.get(code) ?? []).sort()];
    }),
  })),
  emoticons: data.emoticon_conversions,
};
writeFileSync(join(import.meta.dirname, '..', 'shared', 'emoji', 'catalog.json'), `${JSON.stringify(catalog)}\n`);
