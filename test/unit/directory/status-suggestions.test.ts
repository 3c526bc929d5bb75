// The statuses offered in one click are the family web client's, each emoji a name the server knows.
import { expect, it } from 'vitest';
import { STATUS_SUGGESTIONS } from '../../../renderer/src/people/status-suggestions';

it('offers the family’s seven suggested statuses, each with the emoji the server files under its name', () => {
  expect(STATUS_SUGGESTIONS.map((s) => [s.status_text, s.emoji.emoji_name, s.emoji.emoji_code])).toEqual([
    ['Busy', 'working_on_it', '1f6e0'],
    ['In a meeting', 'calendar', '1f4c5'],
    ['Commuting', 'bus', '1f68c'],
    ['Out sick', 'hurt', '1f915'],
    ['Vacationing', 'palm_tree', '1f334'],
    ['Working remotely', 'house', '1f3e0'],
    ['At the office', 'office', '1f3e2'],
  ]);
});
