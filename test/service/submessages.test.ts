// Message widgets as real servers of the family do them: the widget submessage a `/poll` or
// `/todo` message gets when sent, POST /submessage with its `submessage` event, and its errors
// (the texts are the real server's, checked with curl).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Account = keyof Demo['clients'];
type Message = Record<string, unknown>;

async function send(params: Record<string, unknown>, as: Account = 'member'): Promise<number> {
  const reply = await demo.clients[as].post('/messages', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

/** A direct message from Mark Member to Adam Admin: neither the owner nor the guest sees it. */
const toAdmin = (content: string): Promise<number> => send({ type: 'direct', to: [demo.accounts.admin.user_id], content });

async function fetched(id: number, as: Account = 'member'): Promise<Message> {
  const reply = await demo.clients[as].get('/messages', { anchor: id, num_before: 0, num_after: 0 });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const [message] = reply.body['messages'] as Message[];
  expect(message?.['id']).toBe(id);
  return message ?? {};
}

const widgetOf = async (id: number): Promise<unknown> => (await fetched(id))['submessages'];

const submit = (as: Account, messageId: number | string, content: string, msgType = 'widget') =>
  demo.clients[as].post('/submessage', { message_id: messageId, msg_type: msgType, content });

describe('the widget a message asks for by its first word', () => {
  it('a /poll message carries its poll in its message event, its text rendered as usual', async () => {
    const owner = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['message'], apply_markdown: true });
    const id = await send({ type: 'stream', to: DEMO.channels.engineering, topic: 'lunch', content: '/poll What for lunch?\nPizza\nSushi' });
    const message = (await owner.next(ofType('message')))['message'] as Message;
    expect(message['id']).toBe(id);
    expect(message['content']).toBe('<p>/poll What for lunch?<br>\nPizza<br>\nSushi</p>');
    expect(message['submessages']).toEqual([
      {
        id: expect.any(Number),
        message_id: id,
        sender_id: demo.accounts.member.user_id,
        msg_type: 'widget',
        content: '{"widget_type": "poll", "extra_data": {"question": "What for lunch?", "options": ["Pizza", "Sushi"]}}',
      },
    ]);
  });

  it('drops one list marker and blank lines from the options; a bare /poll has an empty question', async () => {
    const id = await toAdmin('/poll\n- Pizza\n* Sushi\n\n  Pasta  \n-- Soup');
    expect(await widgetOf(id)).toEqual([
      expect.objectContaining({ content: '{"widget_type": "poll", "extra_data": {"question": "", "options": ["Pizza", "Sushi", "Pasta", "- Soup"]}}' }),
    ]);
    const bare = await toAdmin('/poll');
    expect(await widgetOf(bare)).toEqual([expect.objectContaining({ content: '{"widget_type": "poll", "extra_data": {"question": "", "options": []}}' })]);
  });

  it('a /todo message carries its task list, each task split from its description at the first ": "', async () => {
    const id = await toAdmin('/todo Errands\nBuy milk: from the shop\n- Call mum\n* Book: flights: both ways\nPay rent:today');
    expect(await widgetOf(id)).toEqual([
      expect.objectContaining({
        msg_type: 'widget',
        sender_id: demo.accounts.member.user_id,
        content:
          '{"widget_type": "todo", "extra_data": {"task_list_title": "Errands", "tasks": [{"task": "Buy milk", "desc": "from the shop"}, {"task": "Call mum", "desc": ""}, {"task": "Book", "desc": "flights: both ways"}, {"task": "Pay rent:today", "desc": ""}]}}',
      }),
    ]);
  });

  it('writes the content as Python does, non-ASCII characters escaped', async () => {
    const id = await toAdmin('/poll Café? 🍕\nA "quoted" \\ option');
    expect(await widgetOf(id)).toEqual([
      expect.objectContaining({ content: '{"widget_type": "poll", "extra_data": {"question": "Caf\\u00e9? \\ud83c\\udf55", "options": ["A \\"quoted\\" \\\\ option"]}}' }),
    ]);
  });

  it.each(['/pollx Question\nA', '/POLL Question', 'Lunch? /poll', '/todo: Errands'])('no widget for %j', async (content) => {
    expect(await widgetOf(await toAdmin(content))).toEqual([]);
  });
});

describe('POST /submessage', () => {
  let poll: number;
  let todo: number;
  beforeAll(async () => {
    poll = await toAdmin('/poll Lunch?\nPizza\nSushi');
    todo = await toAdmin('/todo Errands\nBuy milk');
  });

  it('stores the submessage as sent and tells those who received the message, not others', async () => {
    const sender = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['submessage'] });
    const outsider = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['submessage', 'message'] });
    const vote = '{"type":"vote","key":"canned,0","vote":1}';
    const reply = await submit('admin', poll, vote);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ result: 'success', msg: '' });
    const event = await sender.next(ofType('submessage'));
    expect(event).toEqual({ type: 'submessage', id: expect.any(Number), msg_type: 'widget', message_id: poll, submessage_id: expect.any(Number), sender_id: demo.accounts.admin.user_id, content: vote });
    // A message sent to the owner afterwards arrives after anything the vote would have sent them.
    await send({ type: 'direct', to: [demo.accounts.owner.user_id], content: 'after the vote' });
    await outsider.next(ofType('message'));
    expect(outsider.seen.map((seen) => seen.type)).toEqual(['message']);
  });

  it('lists the submessages of a fetched message in the order they came', async () => {
    const added = [
      ['admin', '{"type":"new_option","idx":1,"option":"Pasta"}'],
      ['member', '{"type":"vote","key":"1,1","vote":1}'],
      ['member', '{"type":"question","question":"Lunch on Friday?"}'],
    ] as const;
    for (const [as, content] of added) expect((await submit(as, poll, content)).status).toBe(200);
    const submessages = (await fetched(poll, 'admin'))['submessages'] as Message[];
    expect(submessages.slice(-3).map((submessage) => [submessage['sender_id'], submessage['content']])).toEqual([
      [demo.accounts.admin.user_id, added[0][1]],
      [demo.accounts.member.user_id, added[1][1]],
      [demo.accounts.member.user_id, added[2][1]],
    ]);
    const ids = submessages.map((submessage) => submessage['id'] as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(submessages[0]).toMatchObject({ msg_type: 'widget', sender_id: demo.accounts.member.user_id });
  });

  it('accepts a task list action and the title from the list author', async () => {
    expect((await submit('admin', todo, '{"type":"new_task","key":1,"task":"Call mum","desc":"","completed":false}')).status).toBe(200);
    expect((await submit('admin', todo, '{"type":"strike","key":"1,canned"}')).status).toBe(200);
    expect((await submit('member', todo, '{"type":"new_task_list_title","title":"Weekend errands"}')).status).toBe(200);
  });

  it.each([
    ['content that is not JSON', 'admin', 'poll', '{"type":', 'Invalid json for submessage'],
    ['a message the user cannot see', 'guest', 'poll', '{"type":"vote","key":"canned,0","vote":1}', 'Invalid message(s)'],
    ['an unknown poll event type', 'admin', 'poll', '{"type":"bogus"}', 'Unknown type for poll data: bogus'],
    ['a poll event without a field', 'admin', 'poll', '{"type":"vote","vote":1}', 'key key is missing from poll data'],
    ['a vote that is not an integer', 'admin', 'poll', '{"type":"vote","key":"canned,0","vote":"x"}', 'poll data["vote"] is not an integer'],
    ['a vote other than 1 or -1', 'admin', 'poll', '{"type":"vote","key":"canned,0","vote":2}', 'Invalid poll data["vote"]'],
    ['an option index past the limit', 'admin', 'poll', '{"type":"new_option","idx":1001,"option":"Soup"}', 'poll data["idx"] is too large'],
    ['a field a vote does not have', 'admin', 'poll', '{"type":"vote","key":"canned,0","vote":1,"weight":2}', 'Unexpected arguments: weight'],
    ['data that is not an object', 'admin', 'poll', '["vote"]', 'poll data is not a dict'],
    ['a new question from someone else', 'admin', 'poll', '{"type":"question","question":"Dinner?"}', "You can't edit a question unless you are the author."],
    ['an unknown task list event type', 'admin', 'todo', '{"type":"bogus"}', 'Unknown type for todo data: bogus'],
    ['a task list event without a field', 'admin', 'todo', '{"type":"strike"}', 'key key is missing from todo data'],
    ['a task whose completed is not a boolean', 'admin', 'todo', '{"type":"new_task","key":2,"task":"t","desc":"","completed":0}', 'todo data["completed"] is not a boolean'],
    ['a new title from someone else', 'admin', 'todo', '{"type":"new_task_list_title","title":"Mine"}', "You can't edit the task list title unless you are the author."],
  ] as const)('refuses %s', async (_case, as, widget, content, msg) => {
    const reply = await submit(as, widget === 'poll' ? poll : todo, content);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  });

  it('refuses an unknown message and a message_id that is not a JSON integer', async () => {
    const answers = await Promise.all([999_999, 'abc', '1.5', `"${poll}"`].map((id) => submit('admin', id, '{}')));
    expect(answers.map((answer) => [answer.status, answer.body['msg']])).toEqual([
      [400, 'Invalid message(s)'],
      [400, 'message_id is not valid JSON'],
      [400, 'message_id is not an integer'],
      [400, 'message_id is not an integer'],
    ]);
  });

  it('on a message without a widget, only its sender may start: then anyone may add, unchecked', async () => {
    const plain = await toAdmin('Lunch at noon');
    expect((await submit('admin', plain, '{"type":"bogus"}')).body).toEqual({ result: 'error', msg: 'You cannot attach a submessage to this message.', code: 'BAD_REQUEST' });
    expect((await submit('member', plain, 'not json')).body['msg']).toBe('Invalid json for submessage');
    expect((await submit('member', plain, '{"anything":1}')).status).toBe(200);
    expect((await submit('admin', plain, '{"type":"bogus"}')).status).toBe(200);
    expect(((await fetched(plain))['submessages'] as Message[]).map((submessage) => submessage['content'])).toEqual(['{"anything":1}', '{"type":"bogus"}']);
  });
});
