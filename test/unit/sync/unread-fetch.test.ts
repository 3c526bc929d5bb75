// The background fetch of unread conversations against a server that holds 20,000 unread topics
// and sends no rate-limit headers (the audit: ~20,000 requests in 60 s, again at every reconnect).
// Its answers bring nothing, so nothing it asked for is ever cached: only the fetch's own memory
// keeps it from asking again.
import { ChangeCollector, type MirrorWrite } from '../../../main/store/changes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetMessagesParams } from '../../../shared/api/operations';
import { silentLogger } from '../../../main/api/logger';
import { openMirror } from '../../../main/store/database';
import { replaceUnread } from '../../../main/store/unread';
import type { MessagesClient } from '../../../main/sync/fetch-messages';
import { UnreadFetch } from '../../../main/sync/unread-fetch';

const TOPICS = 20_000;

function setUp() {
  const db = openMirror(':memory:');
  replaceUnread(
    db,
    {
      count: TOPICS,
      streams: Array.from({ length: TOPICS }, (_, i) => ({ stream_id: 1, topic: `topic ${i}`, unread_message_ids: [1_000 + i] })),
      pms: [],
      huddles: [],
      mentions: [],
    },
    5,
  );
  const asked: GetMessagesParams[] = [];
  const client: MessagesClient = {
    call: async (_name, params) => {
      asked.push(params);
      return { result: 'success', msg: '', messages: [], found_newest: true, found_oldest: true, anchor: 0 };
    },
  };
  const write: MirrorWrite = (work) => db.transaction(() => work(db, new ChangeCollector()))();
  const fetch = new UnreadFetch({ db, write, client, logger: silentLogger });
  const topicsAsked = () => asked.map((params) => JSON.stringify(params.narrow));
  return { db, fetch, asked, topicsAsked };
}

afterEach(() => vi.useRealTimers());

describe('the background fetch of unread conversations, against 20,000 unread topics', () => {
  it('asks for a bounded number of conversations per pass, paced though the server announces no limit', async () => {
    vi.useFakeTimers();
    const { fetch, asked } = setUp();
    fetch.run();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked.length).toBeLessThanOrEqual(6);
    await vi.advanceTimersByTimeAsync(59_000);
    await fetch.settled();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(100);
    await fetch.dispose();
  });

  it('does not ask again at a reconnect for what it fetched, though its answer brought nothing', async () => {
    vi.useFakeTimers();
    const { fetch, topicsAsked } = setUp();
    for (let reconnect = 0; reconnect < 3; reconnect++) {
      fetch.run();
      await vi.advanceTimersByTimeAsync(60_000);
      await fetch.settled();
    }
    const asked = topicsAsked();
    expect(asked.length).toBeGreaterThan(100);
    expect(new Set(asked).size).toBe(asked.length);
    await fetch.dispose();
  });

  it('asks again for a conversation with a newer unread message than when fetched', async () => {
    vi.useFakeTimers();
    const { db, fetch, topicsAsked } = setUp();
    fetch.run();
    await vi.advanceTimersByTimeAsync(60_000);
    await fetch.settled();
    const [newest] = topicsAsked();
    const before = topicsAsked().length;
    replaceUnread(db, { count: 2, streams: [{ stream_id: 1, topic: 'topic 19999', unread_message_ids: [20_999, 50_000] }], pms: [], huddles: [], mentions: [] }, 5);
    fetch.run();
    await vi.advanceTimersByTimeAsync(60_000);
    await fetch.settled();
    expect(topicsAsked().slice(before)).toEqual([newest]);
    await fetch.dispose();
  });
});
