// /users/me/alert_words and the has_alert_word flag as a real server (Zulip 11, feature level 372)
// answers them, checked with curl against one: the list in the order added, adding and removing
// with case ignored, the server's errors, the alert_words event and registration key, and the flag
// on the messages the real server flagged (the sender's own too), set again when an edit changes
// the content. The last table holds what the server's source says but no curl run has shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

const PATH = '/users/me/alert_words';
const words = (alert_words: string[]) => ({ result: 'success', msg: '', alert_words });

describe('/users/me/alert_words', () => {
  it('adds words in the order given, answers the whole list, tells the user’s queues and registers with it', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.admin2, { event_types: ['alert_words'] });
    expect((await demo.clients.admin2.get(PATH)).body).toEqual(words([]));
    const reply = await demo.clients.admin2.post(PATH, { alert_words: ['natural', 'algorithms'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(words(['natural', 'algorithms']));
    expect(await stream.next(ofType('alert_words'))).toMatchObject({ alert_words: ['natural', 'algorithms'] });
    expect((await demo.clients.admin2.get(PATH)).body).toEqual(words(['natural', 'algorithms']));

    expect((await demo.clients.admin2.post('/register', { fetch_event_types: ['alert_words'] })).body['alert_words']).toEqual(['natural', 'algorithms']);
    expect((await demo.clients.admin2.post('/register', {})).body['alert_words']).toEqual(['natural', 'algorithms']);
    expect((await demo.clients.admin2.post('/register', { fetch_event_types: ['message'] })).body).not.toHaveProperty('alert_words');
  });

  it('keeps the first spelling of a word, ignores empty ones, and still sends the list', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['alert_words'] });
    expect((await demo.clients.moderator.post(PATH, { alert_words: ['Lunch'] })).body).toEqual(words(['Lunch']));
    expect((await demo.clients.moderator.post(PATH, { alert_words: ['lunch'] })).body).toEqual(words(['Lunch']));
    expect((await demo.clients.moderator.post(PATH, { alert_words: [''] })).body).toEqual(words(['Lunch']));
    expect((await demo.clients.moderator.post(PATH, { alert_words: ['  deploy now '] })).body).toEqual(words(['Lunch', 'deploy now']));
    const events = [];
    for (let count = 0; count < 4; count++) events.push(await stream.next(ofType('alert_words')));
    expect(events.map((event) => event['alert_words'])).toEqual([['Lunch'], ['Lunch'], ['Lunch'], ['Lunch', 'deploy now']]);
  });

  it('removes words in any case, ignoring those it does not have', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['alert_words'] });
    const reply = await demo.clients.moderator.delete(PATH, { alert_words: ['DEPLOY NOW', 'nothing'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(words(['Lunch']));
    expect(await stream.next(ofType('alert_words'))).toMatchObject({ alert_words: ['Lunch'] });
  });

  it('refuses a word over 100 characters, what is not a list, and a missing list, in the server’s words', async () => {
    const tooLong = await demo.clients.guest.post(PATH, { alert_words: ['x'.repeat(101)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ result: 'error', msg: 'alert_words[0] is too long (limit: 100 characters)', code: 'BAD_REQUEST' });
    for (const method of ['post', 'delete'] as const) {
      const notList = await demo.clients.guest[method](PATH, { alert_words: 5 });
      expect(notList.status).toBe(400);
      expect(notList.body).toEqual({ result: 'error', msg: 'alert_words is not a list', code: 'BAD_REQUEST' });
      const missing = await demo.clients.guest[method](PATH, {});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ result: 'error', msg: "Missing 'alert_words' argument", var_name: 'alert_words', code: 'REQUEST_VARIABLE_MISSING' });
    }
    // The server's remove_alert_words declares no length limit.
    expect((await demo.clients.guest.delete(PATH, { alert_words: ['x'.repeat(101)] })).body).toEqual(words([]));
    expect((await demo.clients.guest.get(PATH)).body).toEqual(words([]));
  });
});

describe('has_alert_word', () => {
  type Role = keyof Demo['clients'];

  async function send(as: Role, content: string): Promise<number> {
    const reply = await demo.clients[as].post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'alert words', content, read_by_sender: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body['id'] as number;
  }

  async function flagsOf(as: Role, id: number): Promise<unknown> {
    const reply = await demo.clients[as].get('/messages', { anchor: id, num_before: 0, num_after: 0 });
    return (reply.body['messages'] as Record<string, unknown>[]).find((message) => message['id'] === id)?.['flags'];
  }

  beforeAll(async () => {
    expect((await demo.clients.member.post(PATH, { alert_words: ['lunch', 'release'] })).status).toBe(200);
  });

  // What a real server flagged for a user whose words are "lunch" and "release".
  it.each([
    ['Who is up for LUNCH?', true],
    ['`lunch` in code, and [lunch](http://x.org) link', true],
    ['lunches and brunch', false],
    ['Lunch.', true],
    ['release-notes only', false],
    ['the release, yes', true],
    ['(release)', true],
    ['pre-release', false],
    ['release/1', false],
    ['Release!', true],
    ['*release*', true],
  ])('%j is flagged: %s', async (content, flagged) => {
    const id = await send('owner', content);
    const flags = await flagsOf('member', id);
    if (flagged) expect(flags).toContain('has_alert_word');
    else expect(flags).not.toContain('has_alert_word');
    expect(await flagsOf('owner', id)).not.toContain('has_alert_word');
  });

  // Read from the server's source (AlertWordNotificationProcessor), not yet seen from a real one.
  it.each([
    ['a fenced code block hides a word', '```\nlunch\n```', false],
    ['a fenced quote does not', '```quote\nlunch\n```', true],
    ['its "after" set misses the double quote', 'say "lunch" now', false],
    ['its start check passes a word at the second character', 'xlunch', true],
  ])('%s', async (_case, content, flagged) => {
    const flags = await flagsOf('member', await send('owner', content));
    if (flagged) expect(flags).toContain('has_alert_word');
    else expect(flags).not.toContain('has_alert_word');
  });

  it('flags the sender’s own message, in its message event too, and is:alerted finds it', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'] });
    const id = await send('member', 'release day, lunch after');
    expect((await stream.next(ofType('message')))['flags']).toEqual(expect.arrayContaining(['read', 'has_alert_word']));
    const alerted = await demo.clients.member.get('/messages', { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: 'is', operand: 'alerted' }] });
    expect((alerted.body['messages'] as Record<string, unknown>[]).map((message) => message['id'])).toEqual([id]);
  });

  it('sets the flag again when an edit changes the content, and the update_message event says so', async () => {
    const id = await send('owner', 'nothing to see');
    expect(await flagsOf('member', id)).not.toContain('has_alert_word');
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['update_message'] });
    expect((await demo.clients.owner.patch(`/messages/${id}`, { content: 'lunch is ready' })).status).toBe(200);
    expect((await stream.next(ofType('update_message')))['flags']).toContain('has_alert_word');
    expect(await flagsOf('member', id)).toContain('has_alert_word');
    expect((await demo.clients.owner.patch(`/messages/${id}`, { content: 'never mind' })).status).toBe(200);
    expect((await stream.next(ofType('update_message')))['flags']).not.toContain('has_alert_word');
    expect(await flagsOf('member', id)).not.toContain('has_alert_word');
  });
});
