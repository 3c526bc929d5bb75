// A feed reads like a chat: one avatar and name over a sender's run of messages, a divider per day
// named as people say it, "New messages" above the first message unread at opening, and where
// conversations interleave, a header over each run of one.
import { expect, it } from 'vitest';
import { feedLayout, GROUP_SECONDS, type LayoutOptions } from '../../../renderer/src/screens/conversations/feed-layout';
import type { MessageView } from '../../../shared/ipc';

/** 2026-11-26 12:00 UTC. */
const NOON = Date.UTC(2026, 10, 26, 12) / 1000;
const DAY = 86_400;

let nextId = 1;
function view(sender_id: number, timestamp: number, subject = 'lunch', flags: string[] = ['read']): MessageView {
  const message = { id: nextId++, type: 'stream', sender_id, timestamp, subject, stream_id: 5 } as unknown as MessageView['message'];
  return { message, flags };
}

const options: LayoutOptions = { timeZone: 'UTC', now: NOON, newFrom: null };
const shape = (views: MessageView[], opts = options) =>
  feedLayout(views, opts).map((row) => [row.day, row.continued, row.firstNew]);

it('groups a sender’s messages a few minutes apart, and starts again after a pause, another sender or topic', () => {
  const views = [
    view(1, NOON - 600),
    view(1, NOON - 600 + GROUP_SECONDS),
    view(1, NOON - 600 + 2 * GROUP_SECONDS + 1),
    view(2, NOON),
    view(2, NOON + 10, 'dinner'),
  ];
  expect(shape(views)).toEqual([
    ['Today', false, false],
    [null, true, false],
    [null, false, false],
    [null, false, false],
    [null, false, false],
  ]);
});

it('names days Today, Yesterday, then by date, in the reader’s time zone', () => {
  const views = [view(1, NOON - 3 * DAY), view(1, NOON - DAY), view(1, NOON - DAY + 60), view(1, NOON)];
  expect(shape(views).map(([day]) => day)).toEqual([expect.stringMatching(/Nov 23, 2026/), 'Yesterday', null, 'Today']);
  // Now (12:00 UTC on the 26th) is the 27th in Kiritimati (UTC+14): 09:00 UTC is today in UTC, yesterday there.
  const morning = view(1, NOON - 3 * 3600);
  expect(shape([morning])[0]![0]).toBe('Today');
  expect(shape([morning], { ...options, timeZone: 'Pacific/Kiritimati' })[0]![0]).toBe('Yesterday');
});

it('puts the New messages divider above the first unread message and breaks the run there', () => {
  const views = [view(1, NOON - 60), view(1, NOON - 30, 'lunch', []), view(1, NOON, 'lunch', [])];
  const opts = { ...options, newFrom: views[1]!.message.id };
  expect(shape(views, opts)).toEqual([
    ['Today', false, false],
    [null, false, true],
    [null, true, false],
  ]);
});

it('heads each run of a topic’s messages in a channel’s feed, and each day, with the topic', () => {
  const views = [view(1, NOON - 3 * DAY), view(1, NOON - 60), view(2, NOON - 50), view(2, NOON - 40, 'dinner'), view(1, NOON - 30), view(1, NOON - 20, 'dinner')];
  expect(feedLayout(views, options).map((row) => [row.view.message.subject, row.topicStart, row.continued])).toEqual([
    ['lunch', true, false],
    // Another day: the topic is said again.
    ['lunch', true, false],
    ['lunch', false, false],
    ['dinner', true, false],
    ['lunch', true, false],
    // Back to the topic just left: a header, and the sender's run starts again under it.
    ['dinner', true, false],
  ]);
});

it('heads each run of a direct conversation in the combined feed, two conversations with one sender apart', () => {
  const direct = (sender_id: number, timestamp: number, people: number[]): MessageView => ({
    message: { id: nextId++, type: 'private', sender_id, timestamp, subject: '', display_recipient: people.map((id) => ({ id, full_name: `User ${id}` })) } as unknown as MessageView['message'],
    flags: ['read'],
  });
  const views = [direct(1, NOON, [1, 9]), direct(1, NOON + 10, [1, 9]), direct(1, NOON + 20, [1, 2, 9]), view(1, NOON + 30), direct(9, NOON + 40, [1, 9])];
  expect(feedLayout(views, options).map((row) => [row.topicStart, row.continued])).toEqual([
    [true, false],
    [false, true],
    // The same sender in a group conversation: another conversation, under its own header.
    [true, false],
    [true, false],
    // The reader's own answer in the first conversation: the same conversation, another run.
    [true, false],
  ]);
});
