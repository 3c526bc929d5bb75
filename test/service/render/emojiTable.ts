// The family's Unicode emoji names and code points, copied from the emoji_codes.json a real server
// serves: every name (aliases included) to its code point, and each code point's canonical name.
import { readFileSync } from 'node:fs';

interface EmojiCodes {
  name_to_codepoint: Record<string, string>;
  codepoint_to_name: Record<string, string>;
}

const codes = JSON.parse(readFileSync(new URL('./emoji-codes.json', import.meta.url), 'utf8')) as EmojiCodes;

export const NAME_TO_CODEPOINT: ReadonlyMap<string, string> = new Map(Object.entries(codes.name_to_codepoint));
export const CODEPOINT_TO_NAME: ReadonlyMap<string, string> = new Map(Object.entries(codes.codepoint_to_name));
export const UNICODE_CODEPOINTS: ReadonlySet<string> = new Set(NAME_TO_CODEPOINT.values());
