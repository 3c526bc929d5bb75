// "Copy link to message": the link the family's clients copy, which this app's own link reading
// (and theirs) opens at that message, whatever the channel's name or the topic holds.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/api/records';
import { linkTarget } from '../../../renderer/src/content/links';
import { messageLink } from '../../../renderer/src/content/message-link';

const SERVER = 'http://127.0.0.1:9991';
const ME = 11;
const LEVEL = 372;
type Linked = Pick<Message, 'id' | 'type' | 'stream_id' | 'subject' | 'display_recipient'>;
const person = (id: number) => ({ id, email: `user${id}@example.com`, full_name: `User ${id}`, is_mirror_dummy: false });

describe('a message link', () => {
  it('names the channel and topic in the family’s hash encoding, with the message', () => {
    const message: Linked = { id: 185, type: 'stream', stream_id: 3, subject: 'test topic', display_recipient: 'Verona' };
    expect(messageLink(`${SERVER}/`, message, ME, LEVEL)).toBe(`${SERVER}/#narrow/channel/3-Verona/topic/test.20topic/with/185`);
  });

  it('leads back to the same message through the app’s own link reading, whatever the names hold', () => {
    for (const subject of ['a.b (c) 100% / d?e#f', 'release v1.2a', 'the .20 case', 'général ✔ déjà', '', '..%2E']) {
      const message: Linked = { id: 9, type: 'stream', stream_id: 12, subject, display_recipient: 'Team chat (old).v2' };
      const link = messageLink(SERVER, message, ME, LEVEL)!;
      expect(link).not.toMatch(/[%()]/);
      expect(linkTarget(link, new URL(SERVER))).toEqual({ kind: 'narrow', url: link, narrow: { kind: 'channel', stream_id: 12, topic: subject, near: 9 } });
    }
  });

  it('speaks the older servers’ words to them: stream before level 250, near before 271', () => {
    const message: Linked = { id: 5, type: 'stream', stream_id: 3, subject: 'x', display_recipient: 'Verona' };
    expect(messageLink(SERVER, message, ME, 249)).toBe(`${SERVER}/#narrow/stream/3-Verona/topic/x/near/5`);
    expect(messageLink(SERVER, message, ME, 250)).toBe(`${SERVER}/#narrow/channel/3-Verona/topic/x/near/5`);
    expect(messageLink(SERVER, message, ME, 271)).toBe(`${SERVER}/#narrow/channel/3-Verona/topic/x/with/5`);
  });

  it('names the other people of a direct conversation (the reader alone in their own)', () => {
    const one: Linked = { id: 7, type: 'private', subject: '', display_recipient: [person(ME), person(10)] };
    const group: Linked = { id: 8, type: 'private', subject: '', display_recipient: [person(12), person(ME), person(10)] };
    const self: Linked = { id: 9, type: 'private', subject: '', display_recipient: [person(ME)] };
    expect(messageLink(SERVER, one, ME, LEVEL)).toBe(`${SERVER}/#narrow/dm/10-dm/with/7`);
    expect(messageLink(SERVER, group, ME, LEVEL)).toBe(`${SERVER}/#narrow/dm/10,12-group/with/8`);
    expect(messageLink(SERVER, self, ME, LEVEL)).toBe(`${SERVER}/#narrow/dm/11-dm/with/9`);
    expect(linkTarget(messageLink(SERVER, group, ME, LEVEL)!, new URL(SERVER))).toMatchObject({ narrow: { kind: 'dm', user_ids: [10, 12], near: 8 } });
  });
});
