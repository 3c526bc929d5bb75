import { expect, it } from 'vitest';
import type { Message } from '../../../../shared/api/records';
import { channelTopicConversation } from '../../../../shared/conversation';
import { htmlText } from '../../../../main/store/search-index';
import { narrowMessages, searchCachedMessages } from '../../../../main/store/search';
import type { MirrorDatabase } from '../../../../main/store/database';
import { message } from '../fixtures';
import { mirrorAt } from './at-version';

const TADA = '<span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span>';

/** A message cached and indexed as the app did before migration 11: the topic and the HTML's text, as unicode61 splits them. */
function writtenBefore11(db: MirrorDatabase, cached: Message): void {
  db.prepare("INSERT INTO messages (message_id, conversation, timestamp, flags, json) VALUES (?, ?, ?, '[]', ?)").run(
    cached.id,
    channelTopicConversation(5, cached.subject),
    cached.timestamp,
    JSON.stringify(cached),
  );
  db.prepare('INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)').run(cached.id, cached.subject, htmlText(cached.content));
}

const ids = (db: MirrorDatabase, text: string): number[] => searchCachedMessages(db, text).map((found) => found.message.id);

it('migration 11 indexes an existing mirror again: Chinese, Japanese and emoji are found, and sender: and has: answered', () => {
  const old = mirrorAt(10);
  const html = (content: string): Partial<Message> => ({ content, content_type: 'text/html' });
  writtenBefore11(old.db, message(1, '東京タワーの写真', html('<p>明日は东京开会です</p>')));
  writtenBefore11(old.db, message(2, 'party', { ...html(`<p>We shipped ${TADA}</p>`), sender_id: 7 }));
  writtenBefore11(old.db, message(3, 'pictures', html('<p><a href="/user_uploads/2/ab/cat.png">cat.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/cat.png"><img src="/user_uploads/thumbnail/2/ab/cat.png/840x560.webp"></a></div>')));
  // Before: a run of CJK is one token, found by its start only, and no emoji is a token.
  expect(ids(old.db, 'タワー')).toEqual([]);
  expect(ids(old.db, '开会')).toEqual([]);
  expect(ids(old.db, '🎉')).toEqual([]);

  const db = old.migrateTo(11);
  expect(ids(db, 'タワー')).toEqual([1]);
  expect(ids(db, '开会')).toEqual([1]);
  expect(ids(db, '写真')).toEqual([1]);
  expect(ids(db, '🎉')).toEqual([2]);
  expect(ids(db, 'tada')).toEqual([2]);
  expect(ids(db, 'shipped')).toEqual([2]);
  const narrowed = (operator: string, operand: string | number): number[] => {
    const answer = narrowMessages(db, [{ operator, operand }], { self_id: 1, limit: 10 });
    return answer.ok ? answer.messages.map((found) => found.message.id) : [];
  };
  expect(narrowed('sender', 7)).toEqual([2]);
  expect(narrowed('has', 'image')).toEqual([3]);
  expect(narrowed('has', 'attachment')).toEqual([3]);
  expect(narrowed('has', 'link')).toEqual([3]);
  // The index is whole: one row for each message, and the query plans use the new indexes.
  expect(db.prepare('SELECT count(*) FROM message_search').pluck().get()).toBe(3);
  expect(db.prepare('EXPLAIN QUERY PLAN SELECT message_id FROM messages WHERE has_image = 1 ORDER BY message_id DESC').all()).toEqual(
    expect.arrayContaining([expect.objectContaining({ detail: expect.stringContaining('messages_with_image') })]),
  );
  db.close();
});
