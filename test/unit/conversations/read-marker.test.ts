// Messages seen are marked read in batches: one call per second, each message once.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ReadMarker } from '../../../renderer/src/screens/conversations/read-marker';

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
const element = (id: number) => ({ getAttribute: (name: string) => (name === 'data-message-id' ? String(id) : null) });
const seen = (...ids: number[]) => ids.map((id) => ({ isIntersecting: true, target: element(id) }));

it('flags what was seen within a second in one call, and stops watching those messages', () => {
  const calls: number[][] = [];
  const marker = new ReadMarker(null, (ids) => calls.push(ids));
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
