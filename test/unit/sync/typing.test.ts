import { describe, expect, it } from 'vitest';
import type { TypingEvent } from '../../../shared/api/events';
import type { SetTypingStatusParams } from '../../../shared/api/operations';
import { channelTopicConversation, directConversation } from '../../../main/store/messages';
import { TypingNotifier, TypingTracker, type Timers, type TypingNotice } from '../../../main/sync/typing';

/** A clock the test moves by hand; timers fire when it passes them. */
class ManualTimers implements Timers {
  time = 0;
  #timers = new Map<number, { at: number; callback: () => void }>();
  #next = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.#next++;
    this.#timers.set(id, { at: this.time + ms, callback });
    return () => void this.#timers.delete(id);
  };
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.#timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = until;
  }
}

const periods = {
  server_typing_started_expiry_period_milliseconds: 45_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_wait_period_milliseconds: 30_000,
};

/** The signed-in user. */
const OWN_ID = 1;

function typing(op: 'start' | 'stop', user_id: number): TypingEvent {
  return { id: 1, type: 'typing', op, message_type: 'stream', sender: { user_id, email: `u${user_id}@x` }, stream_id: 5, topic: 'lunch' };
}

describe('others typing', () => {
  it('shows a typist from start until stop', () => {
    const timers = new ManualTimers();
    const notices: TypingNotice[] = [];
    const tracker = new TypingTracker((n) => notices.push(n), OWN_ID, periods, timers);
    tracker.handle(typing('start', 7));
    tracker.handle(typing('start', 8));
    const lunch = channelTopicConversation(5, 'lunch');
    expect(tracker.typing(lunch)).toEqual([7, 8]);
    tracker.handle(typing('stop', 7));
    expect(tracker.typing(lunch)).toEqual([8]);
    expect(notices.map((n) => n.user_ids)).toEqual([[7], [7, 8], [8]]);
  });

  it('does not show a muted person typing', () => {
    const notices: TypingNotice[] = [];
    const tracker = new TypingTracker((n) => notices.push(n), OWN_ID, periods, new ManualTimers(), (user_id) => user_id === 7);
    tracker.handle(typing('start', 7));
    tracker.handle(typing('start', 8));
    expect(tracker.typing(channelTopicConversation(5, 'lunch'))).toEqual([8]);
    expect(notices.map((n) => n.user_ids)).toEqual([[8]]);
  });

  it("does not show the user's own typing, which real servers send back to its sender", () => {
    const notices: TypingNotice[] = [];
    const tracker = new TypingTracker((n) => notices.push(n), OWN_ID, periods, new ManualTimers());
    tracker.handle(typing('start', OWN_ID));
    tracker.handle(typing('start', 8));
    expect(tracker.typing(channelTopicConversation(5, 'lunch'))).toEqual([8]);
    expect(notices.map((n) => n.user_ids)).toEqual([[8]]);
  });

  it('drops a typist when the expiry period passes without a new start', () => {
    const timers = new ManualTimers();
    const tracker = new TypingTracker(() => undefined, OWN_ID, periods, timers);
    const lunch = channelTopicConversation(5, 'lunch');
    tracker.handle(typing('start', 7));
    timers.advance(40_000);
    tracker.handle(typing('start', 7)); // renewed
    timers.advance(40_000);
    expect(tracker.typing(lunch)).toEqual([7]);
    timers.advance(5_001);
    expect(tracker.typing(lunch)).toEqual([]);
  });

  it('keys direct-message typing by the whole group', () => {
    const tracker = new TypingTracker(() => undefined, OWN_ID, periods, new ManualTimers());
    tracker.handle({ id: 1, type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: 3, email: 'c@x' }, recipients: [{ user_id: 1, email: 'a@x' }, { user_id: 3, email: 'c@x' }] });
    expect(tracker.typing(directConversation([1, 3]))).toEqual([3]);
  });
});

describe('own typing', () => {
  function setup() {
    const timers = new ManualTimers();
    const sent: { at: number; op: string }[] = [];
    const send = async (params: SetTypingStatusParams) => {
      sent.push({ at: timers.time, op: params.op });
    };
    const notifier = new TypingNotifier({ type: 'stream', stream_id: 5, topic: 'lunch' }, send, periods, timers);
    return { timers, sent, notifier };
  }

  it('sends start, repeats it every started-wait period while typing goes on, and stops after the stopped-wait period', () => {
    const { timers, sent, notifier } = setup();
    for (let t = 0; t <= 70_000; t += 5_000) {
      notifier.activity();
      timers.advance(5_000);
    }
    timers.advance(12_000);
    expect(sent).toEqual([
      { at: 0, op: 'start' },
      { at: 30_000, op: 'start' },
      { at: 60_000, op: 'start' },
      { at: 82_000, op: 'stop' },
    ]);
  });

  it('stops at once when composing is cancelled, and only once', () => {
    const { sent, notifier, timers } = setup();
    notifier.activity();
    notifier.stop();
    timers.advance(20_000);
    notifier.stop();
    expect(sent.map((s) => s.op)).toEqual(['start', 'stop']);
  });
});
