// Scheduled messages: create, list, edit, delete, errors, delivery and failed attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  // Deliveries are driven by the tests, not by the timer.
  demo = await startDemo({ scheduledTickMs: 3_600_000 });
});
afterAll(() => demo.service.close());

const inAnHour = (): number => Math.floor(Date.now() / 1000) + 3600;

async function schedule(params: Record<string, unknown>): Promise<number> {
  const reply = await demo.clients.member.post('/scheduled_messages', {
    type: 'channel',
    to: DEMO.channels.engineering,
    topic: 'release',
    content: 'Release notes',
    scheduled_delivery_timestamp: inAnHour(),
    ...params,
  } as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expectResponseValid('create-scheduled-message', reply.body);
  return reply.body['scheduled_message_id'] as number;
}

describe('creating', () => {
  it('creates channel and direct scheduled messages and lists them, with add events', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['scheduled_messages'] });
    const channelId = await schedule({ type: 'stream', content: 'To the channel' });
    const directId = await schedule({ type: 'direct', to: [DEMO.users.priya], content: 'To Priya' });
    const added = await stream.next(ofType('scheduled_messages', 'add'));
    expect(added['scheduled_messages']).toEqual([expect.objectContaining({ scheduled_message_id: channelId, type: 'stream', to: DEMO.channels.engineering, topic: 'release', failed: false })]);
    const list = await demo.clients.member.get('/scheduled_messages');
    const ids = (list.body['scheduled_messages'] as { scheduled_message_id: number }[]).map((message) => message.scheduled_message_id);
    expect(ids).toEqual(expect.arrayContaining([channelId, directId]));
    const direct = (list.body['scheduled_messages'] as Record<string, unknown>[]).find((message) => message['scheduled_message_id'] === directId);
    expect(direct).toMatchObject({ type: 'private', to: [DEMO.users.priya], content: 'To Priya', rendered_content: '<p>To Priya</p>' });
    expect(direct).not.toHaveProperty('topic');
  });

  it('accepts a bare integer for a single direct recipient and the legacy type name', async () => {
    await schedule({ type: 'private', to: DEMO.users.diego, content: 'Bare integer' });
  });

  it('answers STREAM_DOES_NOT_EXIST with the stream_id for an unknown channel', async () => {
    const reply = await demo.clients.member.post('/scheduled_messages', { type: 'channel', to: 999, topic: 'x', content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', stream_id: 999 });
    expectResponseValid('create-scheduled-message', reply.body, '400');
  });

  it('answers BAD_REQUEST for an unknown user in to', async () => {
    const reply = await demo.clients.member.post('/scheduled_messages', { type: 'direct', to: [DEMO.users.priya, 4242], content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID 4242' });
  });

  it.each(['', '(no topic)', 'general chat'])('refuses the channel topic %j', async (topic) => {
    const reply = await demo.clients.member.post('/scheduled_messages', { type: 'channel', to: DEMO.channels.engineering, topic, content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('BAD_REQUEST');
  });

  it('refuses a delivery time in the past', async () => {
    const reply = await demo.clients.member.post('/scheduled_messages', { type: 'direct', to: [DEMO.users.priya], content: 'x', scheduled_delivery_timestamp: 1000 });
    expect(reply.status).toBe(400);
  });
});

describe('editing and deleting', () => {
  it('changes only the supplied fields and sends an update event', async () => {
    const id = await schedule({ content: 'Before' });
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['scheduled_messages'] });
    const reply = await demo.clients.member.patch(`/scheduled_messages/${id}`, { content: 'After' });
    expect(reply.status).toBe(200);
    expectResponseValid('update-scheduled-message', reply.body);
    const update = await stream.next(ofType('scheduled_messages', 'update'));
    expect(update['scheduled_message']).toMatchObject({ scheduled_message_id: id, content: 'After', topic: 'release', to: DEMO.channels.engineering });
  });

  it('requires to when the type changes, and a topic when it becomes a channel message', async () => {
    const id = await schedule({ type: 'direct', to: [DEMO.users.priya] });
    expect((await demo.clients.member.patch(`/scheduled_messages/${id}`, { type: 'channel' })).status).toBe(400);
    expect((await demo.clients.member.patch(`/scheduled_messages/${id}`, { type: 'channel', to: DEMO.channels.engineering })).status).toBe(400);
    const ok = await demo.clients.member.patch(`/scheduled_messages/${id}`, { type: 'channel', to: DEMO.channels.engineering, topic: 'moved' });
    expect(ok.status).toBe(200);
    const edited = await demo.clients.member.patch(`/scheduled_messages/${id}`, { to: 998 });
    expect(edited.body).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream_id: 998 });
  });

  it('answers 404 BAD_REQUEST for an unknown id or one of another user', async () => {
    const missing = await demo.clients.member.patch('/scheduled_messages/99999', { content: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Scheduled message does not exist' });
    expectResponseValid('update-scheduled-message', missing.body, '404');
    const id = await schedule({});
    expect((await demo.clients.owner.patch(`/scheduled_messages/${id}`, { content: 'x' })).status).toBe(404);
    expect((await demo.clients.owner.delete(`/scheduled_messages/${id}`)).status).toBe(404);
  });

  it('deletes with a remove event', async () => {
    const id = await schedule({});
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['scheduled_messages'] });
    expect((await demo.clients.member.delete(`/scheduled_messages/${id}`)).status).toBe(200);
    expect(await stream.next(ofType('scheduled_messages', 'remove'))).toMatchObject({ scheduled_message_id: id });
  });
});

describe('delivery', () => {
  it('sends due messages under a new message id, with remove and message events', async () => {
    const when = inAnHour();
    const id = await schedule({ content: 'Delivered on time', scheduled_delivery_timestamp: when });
    const mine = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['scheduled_messages', 'message'] });
    const theirs = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['message'], apply_markdown: false });
    demo.service.deliverDueScheduledMessages(when - 10);
    expect((await mine.collect(50)).filter(ofType('scheduled_messages'))).toEqual([]);
    demo.service.deliverDueScheduledMessages(when);
    expect(await mine.next((event) => ofType('scheduled_messages', 'remove')(event) && event['scheduled_message_id'] === id)).toBeDefined();
    const delivered = await theirs.next((event) => ofType('message')(event) && (event['message'] as Record<string, unknown>)['content'] === 'Delivered on time');
    const message = delivered['message'] as Record<string, unknown>;
    expect(message).toMatchObject({ content: 'Delivered on time', subject: 'release', stream_id: DEMO.channels.engineering, sender_id: demo.accounts.member.user_id });
    expect(message['id']).not.toBe(id);
    const list = await demo.clients.member.get('/scheduled_messages');
    expect((list.body['scheduled_messages'] as { scheduled_message_id: number }[]).map((item) => item.scheduled_message_id)).not.toContain(id);
  });

  it('marks failed attempts, and requires a new time to edit a failed message', async () => {
    // Earlier tests' messages go first, so that the failure hits this one.
    demo.service.deliverDueScheduledMessages(inAnHour() + 5);
    const when = inAnHour();
    const id = await schedule({ content: 'Will fail', scheduled_delivery_timestamp: when });
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['scheduled_messages'] });
    demo.service.faults.scheduledSendFailures = 1;
    demo.service.deliverDueScheduledMessages(when);
    const update = await stream.next(ofType('scheduled_messages', 'update'));
    expect(update['scheduled_message']).toMatchObject({ scheduled_message_id: id, failed: true });
    // A failed message is not retried on its own.
    demo.service.deliverDueScheduledMessages(when + 60);
    const listed = await demo.clients.member.get('/scheduled_messages');
    expect((listed.body['scheduled_messages'] as Record<string, unknown>[]).find((item) => item['scheduled_message_id'] === id)).toMatchObject({ failed: true });
    const withoutTime = await demo.clients.member.patch(`/scheduled_messages/${id}`, { content: 'Try again' });
    expect(withoutTime.status).toBe(400);
    expect(withoutTime.body['code']).toBe('BAD_REQUEST');
    const rescheduled = await demo.clients.member.patch(`/scheduled_messages/${id}`, { scheduled_delivery_timestamp: inAnHour() + 60 });
    expect(rescheduled.status).toBe(200);
    expect((await stream.next(ofType('scheduled_messages', 'update')))['scheduled_message']).toMatchObject({ failed: false });
  });

  it('delivers on its own timer, and through the HTTP control', async () => {
    const ticking = await startDemo({ scheduledTickMs: 50 });
    try {
      const reply = await ticking.clients.member.post('/scheduled_messages', { type: 'direct', to: [DEMO.users.priya], content: 'Soon', scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 1 });
      const stream = await EventStream.open(ticking.service.url, ticking.accounts.member, { event_types: ['scheduled_messages'] });
      const removed = await stream.next(ofType('scheduled_messages', 'remove'), 4000);
      expect(removed['scheduled_message_id']).toBe(reply.body['scheduled_message_id']);
      const control = await fetch(`${ticking.service.url}/__sim/deliver_scheduled`, { method: 'POST', body: JSON.stringify({ now: Math.floor(Date.now() / 1000) + 2 * 86_400 }) });
      expect(control.status).toBe(200);
      // The demo organization's own pending message was due within a day.
      expect(await stream.next(ofType('scheduled_messages', 'remove'))).toBeDefined();
    } finally {
      await ticking.service.close();
    }
  });
});
