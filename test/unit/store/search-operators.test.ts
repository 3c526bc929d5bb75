// The mirror answers the search box's narrow offline: each operator, negated too, with words and
// phrases; and text in any script (issue 26 item 11: Chinese, Japanese, Korean and emoji).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message, NarrowTerm } from '../../../shared/api/records';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertMessages } from '../../../main/store/messages';
import { replaceTopicPreferences } from '../../../main/store/personal';
import { narrowMessages, searchCachedMessages } from '../../../main/store/search';
import { addUnread, channelPlace } from '../../../main/store/unread';
import { message as fixture } from './fixtures';

const SELF = 1;
let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
});
afterEach(() => db.close());

const html = (content: string): Partial<Message> => ({ content, content_type: 'text/html' });
const emojiSpan = (name: string, code: string) => `<span aria-label="${name}" class="emoji emoji-${code}" role="img" title="${name}">:${name}:</span>`;
function direct(id: number, sender_id: number, others: number[], content: string): Message {
  const { stream_id: _channel, ...message } = fixture(id, '', {
    ...html(content),
    type: 'private',
    sender_id,
    display_recipient: [SELF, ...others].map((uid) => ({ id: uid, email: `u${uid}@example.com`, full_name: `U${uid}`, is_mirror_dummy: false })),
  });
  return message;
}

function cache(...messages: { message: Message; flags?: string[] }[]): void {
  upsertMessages(db, messages.map(({ message, flags = [] }) => ({ message, flags })), new ChangeCollector());
}

const found = (text: string): number[] => searchCachedMessages(db, text).map((stored) => stored.message.id);
const narrowed = (narrow: NarrowTerm[], anchor?: number): number[] => {
  const answer = narrowMessages(db, narrow, { self_id: SELF, limit: 10, ...(anchor !== undefined && { anchor }) });
  if (!answer.ok) throw new Error(`unanswered: ${answer.term.operator}:${String(answer.term.operand)}`);
  return answer.messages.map((stored) => stored.message.id);
};

describe('text in any script', () => {
  beforeEach(() => {
    cache(
      { message: fixture(1, '東京タワーの夜景', html('<p>来週の会議で話しましょう</p>')) },
      { message: fixture(2, 'plans', html('<p>我们明天开会，讨论预算</p>')) },
      { message: fixture(3, 'launch', html(`<p>We shipped it ${emojiSpan('tada', '1f389')}</p>`)) },
      { message: fixture(4, '🎉 party', html('<p>cake at four</p>')) },
      { message: fixture(5, '회의', html('<p>내일 회의를 시작합니다</p>')) },
      { message: fixture(6, 'team', html(`<p>${emojiSpan('woman shrugging', '1f937-200d-2640')} who knows</p>`)) },
      { message: fixture(7, 'snacks', html('<p>東京の開会式</p>')) },
    );
  });

  it('finds Chinese and Japanese words inside runs of characters, in text and topics', () => {
    expect(found('タワー')).toEqual([1]);
    expect(found('会議')).toEqual([1]);
    expect(found('开会')).toEqual([2]);
    expect(found('预算')).toEqual([2]);
    expect(found('夜景')).toEqual([1]);
    expect(found('東京')).toEqual([7, 1]);
    // One character finds the runs it starts, sits in or ends.
    expect(found('会')).toEqual([7, 2, 1]);
    expect(found('算')).toEqual([2]);
    // Characters that are not side by side are not a word.
    expect(found('开论')).toEqual([]);
  });

  it('finds Korean words with their endings', () => {
    expect(found('회의')).toEqual([5]);
    expect(found('시작')).toEqual([5]);
  });

  it('finds an emoji by itself and by its name, written as an emoji span or typed raw in a topic', () => {
    expect(found('🎉')).toEqual([4, 3]);
    expect(found('tada')).toEqual([3]);
    expect(found(':tada:')).toEqual([3]);
    expect(found('🤷‍♀️')).toEqual([6]);
    expect(found('🤷')).toEqual([6]);
    expect(found('🎉 cake')).toEqual([4]);
  });

  it('keeps Latin words as they were: prefixes, accents optional', () => {
    cache({ message: fixture(8, 'café', html('<p>Réunion deployments</p>')) });
    expect(found('deploy')).toEqual([8]);
    expect(found('reunion cafe')).toEqual([8]);
  });
});

describe('operators offline', () => {
  beforeEach(() => {
    cache(
      { message: fixture(1, 'deploys', { ...html('<p>rollback done, see <a href="https://ci.example.com/42">the log</a></p>'), sender_id: 7 }), flags: ['read'] },
      { message: fixture(2, 'Lunch', { ...html('<p>pizza at noon</p>'), sender_id: 8 }), flags: ['starred', 'read'] },
      { message: fixture(3, '✔ outage', { ...html('<p>fixed the rollback</p>'), sender_id: 8, stream_id: 6, display_recipient: 'ops' }), flags: ['wildcard_mentioned'] },
      { message: direct(4, 9, [9], '<p>about the rollback plan</p>'), flags: ['read'] },
      { message: direct(5, 9, [9, 10], '<p>group rollback</p>'), flags: ['mentioned', 'read'] },
      {
        message: fixture(6, 'pictures', {
          ...html('<p><a href="/user_uploads/2/ab/cat.png">cat.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/cat.png"><img src="/user_uploads/thumbnail/2/ab/cat.png/840x560.webp"></a></div>'),
          reactions: [{ emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 9 }],
        }),
        flags: ['read'],
      },
      { message: fixture(7, 'deploys', { ...html('<p>the &quot;rollback plan&quot; is ready</p>'), sender_id: 7 }), flags: ['has_alert_word', 'read'] },
    );
    addUnread(db, 3, channelPlace(6, '✔ outage'), true);
    addUnread(db, 2, channelPlace(5, 'Lunch'), false);
  });

  it('channel: and topic:, negated too; a topic is matched whole, case aside', () => {
    expect(narrowed([{ operator: 'channel', operand: 6 }])).toEqual([3]);
    expect(narrowed([{ operator: 'channel', operand: 5, negated: true }])).toEqual([5, 4, 3]);
    expect(narrowed([{ operator: 'topic', operand: 'lunch' }])).toEqual([2]);
    expect(narrowed([{ operator: 'topic', operand: 'deploy' }])).toEqual([]);
    expect(narrowed([{ operator: 'channel', operand: 5 }, { operator: 'topic', operand: 'deploys', negated: true }])).toEqual([6, 2]);
    // A channel the mirror does not know (left as its name) holds nothing.
    expect(narrowed([{ operator: 'channel', operand: 'nowhere' }])).toEqual([]);
  });

  it('sender: and dm:, negated too', () => {
    expect(narrowed([{ operator: 'sender', operand: 7 }])).toEqual([7, 1]);
    expect(narrowed([{ operator: 'sender', operand: 8, negated: true }])).toEqual([7, 6, 5, 4, 1]);
    expect(narrowed([{ operator: 'dm', operand: [9] }])).toEqual([4]);
    expect(narrowed([{ operator: 'dm', operand: [10, 9] }])).toEqual([5]);
    expect(narrowed([{ operator: 'dm', operand: [9], negated: true }, { operator: 'search', operand: 'rollback' }])).toEqual([7, 5, 3, 1]);
  });

  it('is: unread, starred, mentioned, alerted, dm, resolved and followed, negated too', () => {
    expect(narrowed([{ operator: 'is', operand: 'unread' }])).toEqual([3, 2]);
    expect(narrowed([{ operator: 'is', operand: 'unread', negated: true }])).toEqual([7, 6, 5, 4, 1]);
    expect(narrowed([{ operator: 'is', operand: 'starred' }])).toEqual([2]);
    expect(narrowed([{ operator: 'is', operand: 'mentioned' }])).toEqual([5, 3]);
    expect(narrowed([{ operator: 'is', operand: 'alerted' }])).toEqual([7]);
    expect(narrowed([{ operator: 'is', operand: 'dm' }])).toEqual([5, 4]);
    expect(narrowed([{ operator: 'is', operand: 'dm', negated: true }])).toEqual([7, 6, 3, 2, 1]);
    expect(narrowed([{ operator: 'is', operand: 'resolved' }])).toEqual([3]);
    replaceTopicPreferences(db, [{ stream_id: 5, topic_name: 'lunch', visibility_policy: 3, last_updated: 1 }]);
    expect(narrowed([{ operator: 'is', operand: 'followed' }])).toEqual([2]);
  });

  it('has: link, image, attachment and reaction, from the message HTML; negated too', () => {
    expect(narrowed([{ operator: 'has', operand: 'link' }])).toEqual([6, 1]);
    expect(narrowed([{ operator: 'has', operand: 'image' }])).toEqual([6]);
    expect(narrowed([{ operator: 'has', operand: 'attachment' }])).toEqual([6]);
    expect(narrowed([{ operator: 'has', operand: 'reaction' }])).toEqual([6]);
    expect(narrowed([{ operator: 'has', operand: 'link', negated: true }, { operator: 'search', operand: 'rollback' }])).toEqual([7, 5, 4, 3]);
  });

  it('an edit changes what has: finds', () => {
    cache({ message: fixture(1, 'deploys', { ...html('<p>rollback done</p>'), sender_id: 7 }), flags: ['read'] });
    expect(narrowed([{ operator: 'has', operand: 'link' }])).toEqual([6]);
  });

  it('words and quoted phrases: a phrase must appear as written', () => {
    expect(narrowed([{ operator: 'search', operand: 'rollback plan' }])).toEqual([7, 4]);
    expect(narrowed([{ operator: 'search', operand: '"rollback plan"' }])).toEqual([7, 4]);
    expect(narrowed([{ operator: 'search', operand: '"plan rollback"' }])).toEqual([]);
    expect(narrowed([{ operator: 'search', operand: '"the rollback"' }])).toEqual([7, 4, 3]);
    expect(narrowed([{ operator: 'search', operand: '"fixed the"' }])).toEqual([3]);
    expect(narrowed([{ operator: 'sender', operand: 7 }, { operator: 'search', operand: 'rollback' }])).toEqual([7, 1]);
  });

  it('near: the messages around one, newest first', () => {
    expect(narrowed([{ operator: 'near', operand: '4' }], 4)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const around = (limit: number) => {
      const answer = narrowMessages(db, [{ operator: 'search', operand: 'rollback' }], { self_id: SELF, limit, anchor: 4 });
      return answer.ok && answer.messages.map((stored) => stored.message.id);
    };
    expect(around(2)).toEqual([5, 4]);
    expect(around(4)).toEqual([7, 5, 4, 3]);
  });

  it('says which term it cannot answer instead of answering wrong', () => {
    expect(narrowMessages(db, [{ operator: 'is', operand: 'bogus' }], { self_id: SELF, limit: 10 })).toEqual({ ok: false, term: { operator: 'is', operand: 'bogus' } });
    expect(narrowMessages(db, [{ operator: 'has', operand: 'bogus' }], { self_id: SELF, limit: 10 })).toMatchObject({ ok: false });
    expect(narrowMessages(db, [{ operator: 'bogus', operand: 'x' }], { self_id: SELF, limit: 10 })).toMatchObject({ ok: false });
  });
});
