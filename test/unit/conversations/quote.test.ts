// Quote and reply writes what the family's clients write: a silent mention of the sender linked to
// the message, and the message's source in a quote block that a code block inside cannot close.
import { expect, it } from 'vitest';
import { quoteAndReply } from '../../../renderer/src/screens/conversations/quote';

const message = { id: 42, sender_id: 7, sender_full_name: 'Priya Patel' };

it('quotes the source under a silent mention linked to the message', () => {
  expect(quoteAndReply(message, 'Ship it?', 'https://chat.example/')).toBe(
    '@_**Priya Patel|7** [said](https://chat.example/#narrow/near/42):\n```quote\nShip it?\n```\n',
  );
});

it('fences the quote longer than a code block inside it', () => {
  const quoted = quoteAndReply(message, 'Run:\n````\n```sh\nmake\n```\n````', 'https://chat.example');
  expect(quoted).toContain('\n`````quote\n');
  expect(quoted.endsWith('\n`````\n')).toBe(true);
});
