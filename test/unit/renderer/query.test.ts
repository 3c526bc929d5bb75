// The one way a view reads from main: what it shows is the answer to the latest question asked,
// never an older one that came back late, and nothing lands once the view (or its account) is gone.
import { expect, it } from 'vitest';
import { Query, touching } from '../../../renderer/src/lib/query.svelte';

/** Answers the reads in the order a test decides, not the order they were asked. */
function controlledReads() {
  const waiting: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  return {
    read: () => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject })),
    answer: (index: number, value: string) => waiting[index]!.resolve(value),
    fail: (index: number, message: string) => waiting[index]!.reject(new Error(message)),
  };
}

it('shows the answer to the latest question: an older answer that comes back later is dropped', async () => {
  const reads = controlledReads();
  const query = new Query(reads.read);
  const first = query.refresh();
  const second = query.refresh();
  expect(query.loading).toBe(true);
  reads.answer(1, 'newer');
  await second;
  reads.answer(0, 'older');
  await first;
  expect(query.value).toBe('newer');
  expect(query.loading).toBe(false);
});

it('keeps the value it had when a read fails, with the reason, and clears the reason on the next answer', async () => {
  const reads = controlledReads();
  const query = new Query(reads.read);
  const first = query.refresh();
  reads.answer(0, 'shown');
  await first;
  const second = query.refresh();
  reads.fail(1, 'The app is offline');
  await second;
  expect(query.value).toBe('shown');
  expect(query.error).toBe('The app is offline');
  const third = query.refresh();
  reads.answer(2, 'again');
  await third;
  expect(query).toMatchObject({ value: 'again', error: null });
});

it('lands nothing once released, asks nothing more, and stops what it followed', async () => {
  const reads = controlledReads();
  const query = new Query(reads.read);
  let followed = true;
  query.onRelease(() => (followed = false));
  const asked = query.refresh();
  query.release();
  reads.answer(0, 'too late');
  await asked;
  expect(query.value).toBeUndefined();
  expect(followed).toBe(false);
  await query.refresh();
  expect(query.loading).toBe(false);
});

it('a value the view set itself wins over an answer still on its way', async () => {
  const reads = controlledReads();
  const query = new Query(reads.read);
  const asked = query.refresh();
  query.set('picked here');
  reads.answer(0, 'stale');
  await asked;
  expect(query.value).toBe('picked here');
});

it('says which notices concern what it reads', () => {
  const concerns = touching('drafts');
  expect(concerns({ all: false, changed: { drafts: ['channel:1:x'] }, conversations: [] })).toBe(true);
  expect(concerns({ all: false, changed: { messages: [1] }, conversations: ['channel:1:x'] })).toBe(false);
  expect(concerns({ all: true, changed: {}, conversations: [] })).toBe(true);
});
