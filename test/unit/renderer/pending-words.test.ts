// What the sign-out confirmation says would be deleted: each kind counted, the first few named by
// conversation and the start of their text, the rest counted, and nothing said when nothing waits.
import { expect, it } from 'vitest';
import type { PendingWork } from '../../../shared/local-data';
import { pendingLines } from '../../../renderer/src/screens/local-data/pending-words';

const none: PendingWork = { messages: [], drafts: [], uploads: [], actions: 0, unreadable: null };

it('counts each kind, names the first five, and counts the rest', () => {
  const drafts = Array.from({ length: 7 }, (_, i) => ({ title: `#general › topic ${i}`, preview: `draft ${i}` }));
  const lines = pendingLines({
    ...none,
    messages: [{ title: 'Ada Lovelace', preview: 'see you at ten' }],
    drafts,
    uploads: [{ title: 'plan.pdf', preview: '' }],
    actions: 3,
  });
  expect(lines.map((line) => line.heading)).toEqual([
    '1 unsent message',
    '7 drafts',
    '1 file staged for sending',
    '3 other actions waiting for the connection (reactions, flags, scheduled messages…)',
  ]);
  expect(lines[0]!.items).toEqual(['Ada Lovelace: “see you at ten”']);
  expect(lines[1]!.items).toEqual(drafts.slice(0, 5).map(({ title, preview }) => `${title}: “${preview}”`));
  expect(lines[1]!.more).toBe(2);
  expect(lines[2]!.items).toEqual(['plan.pdf']);
});

it('says nothing is lost when nothing waits', () => {
  expect(pendingLines(none)).toEqual([]);
});
