// Whether a message offers its edit history: the organization's policy (all, moves only, none)
// and whether the message was edited or moved at all.
import { expect, it } from 'vitest';
import { historyOffered } from '../../../shared/message-edit-rules';

const edited = { last_edit_timestamp: 1_700_000_000 };
const moved = { last_moved_timestamp: 1_700_000_000 };
const untouched = {};

it('offers the history of an edited or moved message where everything is shown', () => {
  expect([edited, moved, untouched].map((message) => historyOffered({ edit_history: 'all' }, message))).toEqual([true, true, false]);
});

it('offers only moves where the organization shows only moves, and nothing where it shows none', () => {
  expect([edited, moved, { ...edited, ...moved }].map((message) => historyOffered({ edit_history: 'moves' }, message))).toEqual([false, true, true]);
  expect([edited, moved].map((message) => historyOffered({ edit_history: 'none' }, message))).toEqual([false, false]);
});
