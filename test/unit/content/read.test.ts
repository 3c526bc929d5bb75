// Server HTML read into content nodes, for what the recorded cases of rendered-markdown.json do not
// hold: mentions of each kind, channel, topic and message links, custom emoji, uploads with their
// thumbnails, a site's video, link previews, /me, and hostile markup. The samples are what the
// real server (feature level 372) rendered for them, or recorded in exchanges.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meAction } from '../../../renderer/src/content/me-message';
import { mentionsReader } from '../../../renderer/src/content/mentions';
import type { Block, Inline } from '../../../renderer/src/content/nodes';
import { readContent } from '../../../renderer/src/content/read';
import { contentText } from '../../../renderer/src/content/text';

const REALM = 'http://127.0.0.1:9991';
const exchanges = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'reference', 'real', 'exchanges.json'), 'utf8')) as Record<string, { rendered?: string }>;

const blocks = (html: string): Block[] => readContent(html, REALM).blocks;
/** The inline nodes of a one-paragraph message. */
function inlines(html: string): Inline[] {
  const [first] = blocks(html);
  if (first?.kind !== 'paragraph') throw new Error(`not one paragraph: ${JSON.stringify(first)}`);
  return first.children;
}
const mentionsOf = (html: string) => inlines(html).filter((node) => node.kind === 'mention');

const MENTIONS =
  '<p><span class="user-mention" data-user-id="10">@King Hamlet</span> <span class="user-mention silent" data-user-id="11">Iago</span> ' +
  '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> <span class="topic-mention">@topic</span> ' +
  '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> ' +
  '<span class="user-group-mention" data-user-group-id="24">@hamletcharacters</span> <span class="user-group-mention silent" data-user-group-id="24">hamletcharacters</span></p>';

describe('mentions', () => {
  it('of users, groups and wildcards, silent or not, as the server writes them', () => {
    expect(mentionsOf(MENTIONS)).toEqual([
      { kind: 'mention', mention: 'user', id: 10, silent: false, text: '@King Hamlet' },
      { kind: 'mention', mention: 'user', id: 11, silent: true, text: 'Iago' },
      { kind: 'mention', mention: 'channel-wildcard', id: null, silent: false, text: '@all' },
      { kind: 'mention', mention: 'topic-wildcard', id: null, silent: false, text: '@topic' },
      { kind: 'mention', mention: 'channel-wildcard', id: null, silent: true, text: 'all' },
      { kind: 'mention', mention: 'group', id: 24, silent: false, text: '@hamletcharacters' },
      { kind: 'mention', mention: 'group', id: 24, silent: true, text: 'hamletcharacters' },
    ]);
  });

  it('reach the reader when they name them, a group of theirs, or everyone, never when silent', () => {
    const one = (html: string, me: number, groups: number[] = []) => mentionsReader(blocks(html), me, new Set(groups));
    expect(one('<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', 10)).toBe(true);
    expect(one('<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', 11)).toBe(false);
    expect(one('<p><span class="user-mention silent" data-user-id="10">King Hamlet</span></p>', 10)).toBe(false);
    expect(one('<p><span class="user-group-mention" data-user-group-id="24">@hamletcharacters</span></p>', 10, [24])).toBe(true);
    expect(one('<p><span class="user-group-mention" data-user-group-id="24">@hamletcharacters</span></p>', 10, [14])).toBe(false);
    expect(one('<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>', 10)).toBe(true);
    expect(one('<p><span class="topic-mention silent">topic</span></p>', 10)).toBe(false);
    // Wherever the mention sits: in a quote, a list, a spoiler.
    expect(one('<blockquote><ul><li><span class="user-mention" data-user-id="10">@King Hamlet</span></li></ul></blockquote>', 10)).toBe(true);
    expect(one('<div class="spoiler-block"><div class="spoiler-header"></div><div class="spoiler-content" aria-hidden="true"><p><span class="user-mention" data-user-id="10">@K</span></p></div></div>', 10)).toBe(true);
  });
});

describe('links', () => {
  it('to a channel, a topic and a message open in the app', () => {
    const links = inlines(
      '<p><a class="stream" data-stream-id="3" href="/#narrow/channel/3-Verona">#Verona</a> <a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-Verona/topic/test.20topic">#Verona &gt; test topic</a> <a class="message-link" href="/#narrow/channel/3-Verona/topic/last/near/98">#Verona &gt; last @ 💬</a></p>',
    ).filter((node) => node.kind === 'link');
    expect(links.map((link) => link.target.kind === 'narrow' && link.target.narrow)).toEqual([
      { kind: 'channel', stream_id: 3 },
      { kind: 'channel', stream_id: 3, topic: 'test topic' },
      { kind: 'channel', stream_id: 3, topic: 'last', near: 98 },
    ]);
  });
});

describe('emoji', () => {
  it('Unicode ones as their code points, made to show as emoji', () => {
    const emoji = (html: string) => inlines(html).filter((node) => node.kind === 'emoji');
    expect(emoji('<p><span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>')).toEqual([{ kind: 'emoji', name: 'tada', unicode: '🎉' }]);
    // A lone symbol takes the emoji presentation selector; a keycap takes it before its mark.
    expect(emoji('<p><span class="emoji emoji-2708" title="airplane">:airplane:</span></p>')[0]).toMatchObject({ unicode: '\u2708\ufe0f' });
    expect(emoji('<p><span class="emoji emoji-0023-20e3" title="hash">:hash:</span></p>')[0]).toMatchObject({ unicode: '#\ufe0f\u20e3' });
  });

  it('the organization’s and the family’s extra emoji as images of the server', () => {
    const images = inlines(
      '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/dc294f54.png" title="green tick"> <img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>',
    ).filter((node) => node.kind === 'image-emoji');
    expect(images).toEqual([
      { kind: 'image-emoji', name: 'green tick', src: '/user_avatars/2/emoji/images/dc294f54.png' },
      { kind: 'image-emoji', name: 'zulip', src: '/static/generated/emoji/images/emoji/unicode/zulip.png' },
    ]);
  });
});

describe('images, videos and previews', () => {
  it('an uploaded image: its thumbnail, its full image and its size', () => {
    const message = exchanges['message_with_uploaded_image']?.rendered ?? '';
    const gallery = blocks(message).find((block) => block.kind === 'images');
    expect(gallery).toEqual({
      kind: 'images',
      images: [
        {
          src: '/user_uploads/thumbnail/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png/840x560.webp',
          full: '/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png',
          href: { kind: 'upload', url: `${REALM}/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png`, path: '/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png' },
          title: 'red.png',
          width: 64,
          height: 48,
        },
      ],
    });
  });

  it('consecutive previews are one row; a site’s video keeps its link, its thumbnail elsewhere is not loaded', () => {
    const two =
      '<div class="message_inline_image"><a href="/user_uploads/a.png"><img src="/user_uploads/a.png"></a></div><div class="message_inline_image"><a href="/user_uploads/b.png"><img src="/user_uploads/b.png"></a></div>';
    expect(blocks(two).map((block) => (block.kind === 'images' ? block.images.length : block.kind))).toEqual([2]);
    const video = blocks(
      '<div class="youtube-video message_inline_image"><a data-id="dQw4w9WgXcQ" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg"></a></div>',
    );
    expect(video).toEqual([{ kind: 'embed-video', href: { kind: 'external', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, thumbnail: null, title: null }]);
  });

  it('a link preview: title, description and image', () => {
    const preview = blocks(
      '<div class="message_embed"><a class="message_embed_image" href="https://example.com/about" style="background-image: url(&quot;/external_content/abc/preview.jpeg&quot;)"></a><div class="data-container"><div class="message_embed_title"><a href="https://example.com/about" title="About us">About us</a></div><div class="message_embed_description">All about us.</div></div></div>',
    );
    expect(preview).toEqual([
      { kind: 'embed', href: { kind: 'external', url: 'https://example.com/about' }, title: 'About us', description: 'All about us.', image: '/external_content/abc/preview.jpeg' },
    ]);
  });
});

describe('/me', () => {
  it('is the sender’s action, without the command', () => {
    expect(meAction(blocks('<p>/me waves <strong>happily</strong></p>'))).toEqual([
      { kind: 'text', text: 'waves ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'happily' }] },
    ]);
    expect(meAction(blocks('<p>not /me waves</p>'))).toBeUndefined();
  });
});

describe('the words of a message (search snippets)', () => {
  it('are each said once: maths by its source, emoji as glyphs, code and quotes as written', () => {
    const recorded = new Map(
      (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'reference', 'real', 'rendered-markdown.json'), 'utf8')) as { cases: { name: string; rendered: string }[] }).cases.map((c) => [c.name, c.rendered]),
    );
    const words = (name: string) => contentText(blocks(recorded.get(name) ?? ''));
    expect(words('tex_inline')).toBe('1 \\oplus 0 = 1');
    expect(words('two_unicode_emoji_separated_by_text')).toBe('💩 word 💩');
    expect(words('codeblock_hilite_python')).toBe('Hamlet said: def speak(self): x = 1');
    expect(words('fenced_normal_quote')).toBe('Hamlet said: To be or not to be. That is the question');
    expect(words('spoilers_fenced_spoiler')).toBe('header content outside spoiler');
  });
});

describe('hostile markup', () => {
  it('keeps the words and nothing that runs, fetches or acts', () => {
    const read = readContent(
      '<p onclick="x()">Welcome<script>alert(1)</script><style>body{display:none}</style></p><form action="https://phish.invalid/"><input name="password"></form><iframe src="javascript:alert(1)"></iframe><a href="javascript:alert(1)">click me</a><img src="https://tracker.invalid/pixel.png" alt="tracker"><svg><script>alert(1)</script></svg>',
      REALM,
    );
    expect(JSON.stringify(read)).not.toMatch(/alert|phish|tracker\.invalid|onclick|display:none/);
    expect(read.blocks).toEqual([
      { kind: 'paragraph', implicit: false, children: [{ kind: 'text', text: 'Welcome' }] },
      {
        kind: 'paragraph',
        implicit: true,
        children: [
          { kind: 'link', target: { kind: 'none' }, title: null, children: [{ kind: 'text', text: 'click me' }] },
          { kind: 'image', src: null, alt: 'tracker' },
        ],
      },
    ]);
  });
});
