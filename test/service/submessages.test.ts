// Message widgets as real servers of the family do them: the widget submessage a `/poll` or
// `/todo` message gets when sent.
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

