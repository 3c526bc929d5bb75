// The one emoji search every box uses: a Unicode emoji is found by any of its aliases (the picker
// found nothing for "thumbs" while compose did), names starting with what was typed first, each
// emoji once; a custom emoji by its own name only.
import { describe, expect, it } from 'vitest';
import { emojiNames, findEmoji } from '../../../shared/emoji/search';
import { UNICODE_EMOJI } from '../../../shared/emoji/unicode';

const offered = [
  ...UNICODE_EMOJI.map((e) => ({ ...e, reaction_type: 'unicode_emoji' })),
  { emoji_name: 'thumbsy_parrot', emoji_code: '7', reaction_type: 'realm_emoji' },
];

describe('finding an emoji by what was typed', () => {
  it('finds 👍 (named +1) by "thumbs", as the catalog aliases it, and once', () => {
    const found = findEmoji(offered, 'thumbs');
    expect(found.filter((e) => e.emoji_code === '1f44d')).toHaveLength(1);
    expect(found[0]).toMatchObject({ emoji_code: expect.stringMatching(/^1f44[de]$/) });
    expect(found.map((e) => e.emoji_name)).toContain('thumbsy_parrot');
  });

  it('puts a name that starts with the words before one that has them, spaces and colons read as underscores', () => {
    const found = findEmoji(offered, ':Thumbs Up');
    expect(found[0]).toMatchObject({ emoji_code: '1f44d' });
    expect(findEmoji(offered, 'octo').map((e) => e.emoji_name)).toEqual(['octopus']);
  });

  it('offers the whole Unicode set, and a custom emoji answers to its own name only', () => {
    expect(findEmoji(offered, '')).toHaveLength(offered.length);
    expect(UNICODE_EMOJI.length).toBeGreaterThan(1800);
    expect(emojiNames({ emoji_name: 'thumbsy_parrot', emoji_code: '1f44d', reaction_type: 'realm_emoji' })).toEqual(['thumbsy_parrot']);
  });
});
