// A message's preview line (the Inbox, desktop notifications) reads as the message does: emoji as
// their glyphs, not the `:tada:` the server's markup carries for clients without emoji; the words
// of bold, links and mentions run on into what follows them, as on screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { messagePreview, previewText, submessagesOf } from '../../../main/store/message-text';

const cases = new Map(
  (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'reference', 'real', 'rendered-markdown.json'), 'utf8')) as { cases: { name: string; rendered: string }[] }).cases.map(
    (c) => [c.name, c.rendered],
  ),
);
const real = (name: string): string => cases.get(name) ?? '';

it.each([
  ['many_emoji', 'test 🙂 again 💩 :) foo:)bar x::y::z :wasted waste: :fakeemojithisshouldnotrender:'],
  ['emojis_without_space', '🐈hello🐕🐇'],
  ['emoji_sequence_one', '🤷‍♀️'],
  ['emoji_sequence_two', '👁‍🗨 #️⃣'],
  ['random_emoji_1', '✈️'],
  ['zulip_emoji', ':zulip:'],
  ['not_emoji', ':not_an_emoji:'],
  ['user_mention_with_no_narrow_link', 'Hello Zoe see this.'],
  ['emoji_pipeline_emphasis', 'Testing :smiley: :smiley: Testing'],
  ['normal_quote_message', 'Zoe said: How are you? Great'],
])('shows %s as a person reads it', (name, text) => {
  expect(previewText(real(name))).toBe(text);
});

it('previews a message without a widget, or with submessages no widget reads, by its text', () => {
  const html = '<p>/poll not a poll</p>';
  expect(messagePreview({ html, sender_id: 1, submessages: [] })).toBe('/poll not a poll');
  const unknownWidget = [{ id: 1, sender_id: 1, msg_type: 'widget', content: JSON.stringify({ widget_type: 'zform', extra_data: {} }) }];
  expect(messagePreview({ html, sender_id: 1, submessages: unknownWidget })).toBe('/poll not a poll');
  // Stored submessages not in a widget's form count as none.
  expect(submessagesOf('[{"id": "one"}]')).toEqual([]);
  expect(submessagesOf(null)).toEqual([]);
});
