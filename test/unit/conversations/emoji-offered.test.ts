// Every Unicode emoji the app offers (picker and compose completion) is one the simulator, written
// from the spec, accepts as a reaction: a name the server rejects would fail only when the user
// picks it.
import { describe, expect, it } from 'vitest';
import { UNICODE_EMOJI, UNICODE_EMOJI_NAMES, unicodeGlyph } from '../../../shared/emoji/unicode';
import { openDatabase } from '../../service/db/schema';
import { checkEmoji } from '../../service/emoji';

describe('the Unicode emoji the app offers', () => {
  const { db } = openDatabase(':memory:');

  it.each(UNICODE_EMOJI_NAMES.map((e) => [e.emoji_name, e.emoji_code]))('%s (%s) is accepted as a reaction', (name, code) => {
    expect(checkEmoji(db, name, code, 'unicode_emoji')).toEqual({ emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' });
    expect(unicodeGlyph(code)).toBeDefined();
  });

  it('lists each name once, and the picker each glyph once', () => {
    const names = UNICODE_EMOJI_NAMES.map((e) => e.emoji_name);
    expect(new Set(names).size).toBe(names.length);
    const codes = UNICODE_EMOJI.map((e) => e.emoji_code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
