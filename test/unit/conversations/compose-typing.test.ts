// The composer's typing notifications through the compose channels: one notifier per target,
// start repeated every started-wait period while typing goes on, stop after the stopped-wait
// period of inactivity or when composing is cancelled.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SetTypingStatusParams } from '../../../shared/api/operations';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { conversationHandlers, type ConversationChannel } from '../../../main/handlers/conversations';
import { Composers, DEFAULT_TYPING_PERIODS, TypingNotifier, type TypingTarget } from '../../../main/sync/typing';
import { asCalled, type IpcCalls } from '../../support/ipc-calls';

const periods = { ...DEFAULT_TYPING_PERIODS, server_typing_started_wait_period_milliseconds: 10_000, server_typing_stopped_wait_period_milliseconds: 4_000 };
let sent: SetTypingStatusParams[];
let handlers: IpcCalls<ConversationChannel>;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  const session = {
    account: { user_id: 5 },
    composers: new Composers((target: TypingTarget) => new TypingNotifier(target, async (params) => void sent.push(params), periods)),
  } as unknown as AccountSession;
  handlers = asCalled(conversationHandlers({ activeSession: () => session } as unknown as CoreContext));
});
afterEach(() => vi.useRealTimers());

it('sends start, repeats it while typing continues, and stops after inactivity', async () => {
  const conversation = 'direct:2,5';
  await handlers['compose.activity']({ conversation });
  for (let second = 0; second < 11; second++) {
    vi.advanceTimersByTime(1_000);
    await handlers['compose.activity']({ conversation });
  }
  expect(sent).toEqual([
    { type: 'direct', to: [2], op: 'start' },
    { type: 'direct', to: [2], op: 'start' },
  ]);
  vi.advanceTimersByTime(4_000);
  expect(sent.at(-1)).toEqual({ type: 'direct', to: [2], op: 'stop' });
  expect(sent).toHaveLength(3);
});

it('stops at once when composing is cancelled, per target', async () => {
  await handlers['compose.activity']({ conversation: 'channel:3:deploys' });
  await handlers['compose.activity']({ conversation: 'direct:2,5' });
  await handlers['compose.stop']({ conversation: 'channel:3:deploys' });
  expect(sent).toEqual([
    { type: 'stream', stream_id: 3, topic: 'deploys', op: 'start' },
    { type: 'direct', to: [2], op: 'start' },
    { type: 'stream', stream_id: 3, topic: 'deploys', op: 'stop' },
  ]);
  // Nothing more for the cancelled target; the other one stops after its inactivity.
  vi.advanceTimersByTime(4_000);
  expect(sent.slice(3)).toEqual([{ type: 'direct', to: [2], op: 'stop' }]);
});
