// The event queue through the client: register, long-poll, heartbeat, a lost queue, deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownEvent } from '../../../shared/api/events';
import { ServiceError } from '../../../main/api/errors';
import { failure, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
});
afterAll(() => h.service.close());

describe('event queue (4)', () => {
  it('long-polls until an event arrives, typed as the sync layer expects', async () => {
    const client = h.clientFor(h.member);
    const { queue_id, last_event_id } = await client.call('registerQueue', { event_types: ['saved_snippets'] });
    const poll = client.call('getEvents', { queue_id: queue_id ?? '', last_event_id });
    await h.clientFor(h.member).call('createSavedSnippet', { title: 'Polled', content: 'body' });
    const { events, queue_id: same } = await poll;
    expect(same).toBe(queue_id);
    const [event] = events;
    expect(event).toMatchObject({ type: 'saved_snippets', op: 'add', saved_snippet: expect.objectContaining({ title: 'Polled' }) });
    expect(event && isKnownEvent(event)).toBe(true);
  });

  it('gets a heartbeat when nothing happens, within the long-poll timeout it announced', async () => {
    const client = h.clientFor(h.member);
    const { queue_id, last_event_id } = await client.call('registerQueue', { event_types: ['saved_snippets'], fetch_event_types: ['realm'] });
    expect(client.announced.event_queue_longpoll_timeout_seconds).toBe(2);
    const { events } = await client.call('getEvents', { queue_id: queue_id ?? '', last_event_id });
    expect(events).toEqual([expect.objectContaining({ type: 'heartbeat', id: expect.any(Number) })]);
  });

  it('a queue the server forgot is BAD_EVENT_QUEUE_ID with its queue_id', async () => {
    const client = h.clientFor(h.member);
    const { queue_id } = await client.call('registerQueue', { event_types: ['message'] });
    h.service.expireQueues();
    const error = await failure(client.call('getEvents', { queue_id: queue_id ?? '', dont_block: true }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id, status: 400 });
  });

  it('a deleted queue is gone', async () => {
    const client = h.clientFor(h.member);
    const { queue_id } = await client.call('registerQueue', { event_types: ['message'] });
    await client.call('deleteQueue', { queue_id: queue_id ?? '' });
    expect(await failure(client.call('getEvents', { queue_id: queue_id ?? '', dont_block: true }))).toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
    });
  });
});
