// The demo organization's history shows what real organizations write, each kind rendered as a
// real server renders it (render.test checks the renderer itself), in either dialect and with
// emails hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from './testing/demo';

interface Submessage {
  sender_id: number;
  content: string;
}

interface Message {
  content: string;
  is_me_message: boolean;
  submessages: Submessage[];
}

/** The message whose widget is of this type, and what people did with it. */
function widget(messages: readonly Message[], type: string): { sender: number; actions: { sender: number; data: Record<string, unknown> }[] } {
  const message = messages.find((candidate) => candidate.submessages[0]?.content.startsWith(`{"widget_type": "${type}"`));
  expect(message, `a ${type}`).toBeDefined();
  const [created, ...actions] = message?.submessages ?? [];
  return {
    sender: created?.sender_id ?? 0,
    actions: actions.map((action) => ({ sender: action.sender_id, data: JSON.parse(action.content) as Record<string, unknown> })),
  };
}

const KINDS: readonly (readonly [string, RegExp])[] = [
  ['Python code', /<div class="codehilite" data-code-language="Python">.*<span class="k">def<\/span>/s],
  ['TypeScript code', /<div class="codehilite" data-code-language="TypeScript">/],
  ['SQL code', /<div class="codehilite" data-code-language="SQL">.*<span class="k">SELECT<\/span>/s],
  ['a quote', /<blockquote>/],
  ['a bulleted list, nested', /<ul>\n<li>.*<ul>/s],
  ['a numbered list', /<ol>/],
  ['a table with alignment', /<th style="text-align: center;">/],
  ['headings', /<h1>Release 2\.0<\/h1>/],
  ['a mention of a person', /<span class="user-mention" data-user-id="\d+">@Mark Member<\/span>/],
  ['a mention of a group', /<span class="user-group-mention" data-user-group-id="\d+">@Support team<\/span>/],
  ['a mention of everyone', /<span class="user-mention channel-wildcard-mention" data-user-id="\*">@all<\/span>/],
  ['a channel link', /<a class="stream" data-stream-id="4" href="\/#narrow\/channel\/4-design">#design<\/a>/],
  ['a topic link', /<a class="stream-topic" data-stream-id="3" href="\/#narrow\/channel\/3-engineering\/topic\/deploys\/with\/\d+">/],
  ['emoji by name', /<span aria-label="rocket" class="emoji emoji-1f680" role="img" title="rocket">:rocket:<\/span>/],
  ['emoji typed as Unicode', /<span aria-label="tada" class="emoji emoji-1f389"/],
  ['inline maths', /<span class="katex"><span class="katex-mathml">/],
  ['display maths', /<p><span class="katex-display">/],
  ['a spoiler', /<div class="spoiler-block"><div class="spoiler-header">\n<p>The ending \(spoilers!\)<\/p>/],
  ['a time mention', /<time datetime="2025-06-06T17:30:00Z">/],
  ['an uploaded image with its preview', /<div class="message_inline_image"><a href="\/user_uploads\/[^"]+\/palette\.png" title="palette\.png"><img data-original-content-type="image\/png" data-original-dimensions="120x80" src="\/user_uploads\/thumbnail\/[^"]+\/palette\.png\/840x560\.webp"><\/a><\/div>/],
  ['a linkifier match', /<a href="https:\/\/tracker\.example\/issues\/1234">#1234<\/a>/],
  ['an attached file', /<a href="\/user_uploads\/[^"]+\/palette-spec\.txt">palette-spec\.txt<\/a>/],
];

describe.each([
  ['the spec dialect', {}],
  ['the family dialect, emails hidden', { dialect: 'family', hideEmails: true }],
] as const)('the demo history in %s', (_name, options) => {
  let demo: Demo;
  let messages: Message[];
  beforeAll(async () => {
    demo = await startDemo(options);
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 200, num_after: 0 });
    messages = reply.body['messages'] as Message[];
  });
  afterAll(() => demo.service.close());

  it.each(KINDS)('has %s', (_kind, pattern) => {
    expect(messages.some((message) => pattern.test(message.content))).toBe(true);
  });

  it('has a /me message', () => {
    expect(messages.filter((message) => message.is_me_message).map((message) => message.content)).toEqual(['<p>/me is adjusting the contrast ratios</p>']);
  });

  it('has a poll that several people voted on, with an option someone added', () => {
    const { actions } = widget(messages, 'poll');
    const voters = new Set(actions.filter((action) => action.data['type'] === 'vote').map((action) => action.sender));
    expect(voters.size).toBeGreaterThanOrEqual(3);
    expect(actions.some((action) => action.data['type'] === 'new_option')).toBe(true);
  });

  it('has a todo list with a task struck off by someone else', () => {
    const { sender, actions } = widget(messages, 'todo');
    expect(actions.some((action) => action.data['type'] === 'strike' && action.sender !== sender)).toBe(true);
  });

  it('serves the uploaded images it shows', async () => {
    const thumbnails = messages.flatMap((message) => [...message.content.matchAll(/src="(\/user_uploads\/thumbnail\/[^"]+)"/g)].map((match) => match[1] ?? ''));
    expect(thumbnails).toHaveLength(2);
    const authorization = `Basic ${Buffer.from(`${demo.accounts.member.email}:${demo.accounts.member.api_key}`).toString('base64')}`;
    for (const thumbnail of thumbnails) {
      const response = await fetch(`${demo.service.url}${thumbnail}`, { headers: { Authorization: authorization } });
      expect(response.status, thumbnail).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });
});
