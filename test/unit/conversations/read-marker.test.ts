// Messages seen are marked read in batches: one call per second, each message once, and only
// while the reader is looking at the window (a background window leaves them unread).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ReadMarker, type Attention } from '../../../renderer/src/screens/conversations/read-marker';

type Callback = (entries: { isIntersecting: boolean; target: { getAttribute: (name: string) => string | null } }[]) => void;
let fire: Callback;
const unobserved: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        fire = callback;
      }
      observe() {}
      unobserve(target: unknown) {
        unobserved.push(target);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  unobserved.length = 0;
});

/** A message's element, as the conversation view renders it (data-message-id). */
const elements = new Map<number, { getAttribute: (name: string) => string | null }>();
const element = (id: number) => {
  const known = elements.get(id) ?? { getAttribute: (name: string) => (name === 'data-message-id' ? String(id) : null) };
  elements.set(id, known);
  return known;
};
const seen = (...ids: number[]) => ids.map((id) => ({ isIntersecting: true, target: element(id) }));

/** The window's focus, switched by the test. */
function attention(present: boolean): Attention & { set: (now: boolean) => void } {
  let listener = () => {};
  return {
    present: () => present,
    onChange: (heard) => {
      listener = heard;
      return () => (listener = () => {});
    },
    set: (now) => {
      present = now;
      listener();
    },
  };
}

it('flags what was seen within a second in one call, and stops watching those messages', () => {
  const calls: number[][] = [];
  const marker = new ReadMarker(null, (ids) => calls.push(ids), attention(true));
  fire(seen(1, 2));
  vi.advanceTimersByTime(500);
  fire([...seen(3), { isIntersecting: false, target: element(4) }]);
  expect(calls).toEqual([]);
  vi.advanceTimersByTime(500);
  expect(calls).toEqual([[1, 2, 3]]);
  expect(unobserved).toHaveLength(3);
  fire(seen(5));
  marker.close();
  // Closing sends what waits at once.
  expect(calls).toEqual([[1, 2, 3], [5]]);
  vi.advanceTimersByTime(2_000);
  expect(calls).toHaveLength(2);
});

it('leaves messages in view of an unfocused window unread until the reader comes back', () => {
  const calls: number[][] = [];
  const focus = attention(false);
  const marker = new ReadMarker(null, (ids) => calls.push(ids), focus);
  fire([...seen(1, 2)]);
  // Scrolled past while away: no longer in view when the window gets its focus back.
  fire([{ isIntersecting: false, target: element(1) }]);
  vi.advanceTimersByTime(5_000);
  expect(calls).toEqual([]);
  focus.set(true);
  vi.advanceTimersByTime(1_000);
  expect(calls).toEqual([[2]]);
  marker.close();
});
