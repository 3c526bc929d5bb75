// Which applied message events become desktop notifications: direct messages, mentions, alert words,
// followed topics and channels whose every message notifies; not muted topics or channels, the user's own messages, messages that arrive
// read, or the conversation the user is looking at; one per conversation for a batch; none under
// do-not-disturb, which is kept across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/api/records';
import type { DesktopNotice, Viewing } from '../../../shared/notifications';
import { DesktopAlerts } from '../../../main/app/desktop-alerts';
import { MessageNotifications } from '../../../main/app/notifications';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { saveEventQueue } from '../../../main/store/event-queue';
import { setRealmValues } from '../../../main/store/realm';
import { applyEvents } from '../../../main/sync/apply-events';
import { message } from '../store/fixtures';

const SELF = 9;
let db: MirrorDatabase;
let shown: DesktopNotice[];
let viewing: Viewing;
let nextEventId: number;

function deliverTo(notifications: MessageNotifications, events: { message: Message; flags: string[] }[]): void {
  applyEvents(
    db,
    events.map(({ message: m, flags }) => ({ id: nextEventId++, type: 'message', message: m, flags })),
    { onApplied: (applied) => notifications.consider(applied) },
  );
}

function dm(id: number, sender_id = 3): Message {
  const direct = message(id, '', {
    type: 'private',
    sender_id,
    sender_full_name: 'Chidi',
    display_recipient: [
      { id: sender_id, email: 'c@example.com', full_name: 'Chidi', is_mirror_dummy: false },
      { id: SELF, email: 'me@example.com', full_name: 'Me', is_mirror_dummy: false },
    ],
  });
  delete direct.stream_id;
  return direct;
}

let notifications: MessageNotifications;
beforeEach(() => {
  db = openMirror(':memory:');
  setRealmValues(db, { user_id: SELF });
  saveEventQueue(db, { queue_id: 'q', last_event_id: 0, registered_at: 0 });
  nextEventId = 1;
  shown = [];
  viewing = { conversation: null, channel: null, focused: true };
  notifications = new MessageNotifications(db, 'acct', { deliver: (notice) => shown.push(notice), get viewing() { return viewing; } });
});
afterEach(() => {
  notifications.dispose();
  db.close();
  vi.useRealTimers();
});

describe('message notifications', () => {
  it('notify a direct message, a mention and a followed topic, at the message', async () => {
    vi.useFakeTimers();
    db.prepare('INSERT INTO user_topics (stream_id, topic_name, visibility_policy) VALUES (5, ?, 3)').run('followed');
    deliverTo(notifications, [
      { message: dm(10), flags: [] },
      { message: message(11, 'deploy', { content: '<p>@<b>Me</b> can you look?</p>' }), flags: ['mentioned'] },
      { message: message(12, 'lunch'), flags: ['stream_wildcard_mentioned'] },
      { message: message(13, 'followed'), flags: [] },
      { message: message(14, 'plain'), flags: [] },
    ]);
    // Three at once; the fourth a few seconds later (a flood's pacing).
    expect(shown).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown.map((notice) => [notice.conversation, notice.anchor])).toEqual([
      [`direct:3,${SELF}`, 10],
      ['channel:5:deploy', 11],
      ['channel:5:lunch', 12],
      ['channel:5:followed', 13],
    ]);
    expect(shown[1]).toMatchObject({ account_id: 'acct', title: 'Ada in #general › deploy', body: '@Me can you look?' });
  });

  it('say what a poll asks, not the command that made it', () => {
    const poll = { ...dm(20), content: '<p>/poll Lunch?<br>Pizza<br>Sushi</p>' };
    poll.submessages = [{ id: 1, message_id: 20, sender_id: 3, msg_type: 'widget', content: JSON.stringify({ widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['Pizza', 'Sushi'] } }) }];
    deliverTo(notifications, [{ message: poll, flags: [] }]);
    expect(shown).toEqual([expect.objectContaining({ title: 'Chidi', body: 'Poll: Lunch?' })]);
  });

  it('notify every message of a channel set to, or of every channel where that is the user’s default', () => {
    const subscribed = (stream_id: number, desktop_notifications?: boolean) =>
      db.prepare('INSERT OR REPLACE INTO subscriptions (stream_id, json) VALUES (?, ?)').run(stream_id, JSON.stringify({ stream_id, ...(desktop_notifications !== undefined && { desktop_notifications }) }));
    subscribed(5, true);
    subscribed(6);
    subscribed(7, false);
    deliverTo(notifications, [
      { message: message(30, 'news', { stream_id: 5 }), flags: [] },
      { message: message(31, 'news', { stream_id: 6 }), flags: [] },
      { message: message(32, 'news', { stream_id: 7 }), flags: [] },
    ]);
    expect(shown.map((notice) => notice.anchor)).toEqual([30]);
    setRealmValues(db, { user_settings: { enable_stream_desktop_notifications: true } });
    deliverTo(notifications, [
      { message: message(33, 'more', { stream_id: 6 }), flags: [] },
      { message: message(34, 'more', { stream_id: 7 }), flags: [] },
    ]);
    expect(shown.map((notice) => notice.anchor)).toEqual([30, 33]);
  });

  it("name a mention in the empty topic by the organization's name for it", () => {
    setRealmValues(db, { realm_empty_topic_display_name: 'general chat' });
    deliverTo(notifications, [{ message: message(15, ''), flags: ['mentioned'] }]);
    expect(shown.map((notice) => notice.title)).toEqual(['Ada in #general › general chat']);
  });

  it('stay quiet for muted topics and channels, own messages, read ones and the conversation in view', () => {
    db.prepare('INSERT INTO user_topics (stream_id, topic_name, visibility_policy) VALUES (5, ?, 1)').run('muted');
    db.prepare('INSERT INTO subscriptions (stream_id, json) VALUES (7, ?)').run(JSON.stringify({ stream_id: 7, is_muted: true }));
    viewing = { conversation: 'channel:5:open', channel: null, focused: true };
    deliverTo(notifications, [
      { message: message(20, 'muted'), flags: ['mentioned'] },
      { message: message(21, 'any', { stream_id: 7 }), flags: ['mentioned'] },
      { message: dm(22, SELF), flags: [] },
      { message: dm(23), flags: ['read'] },
      { message: message(24, 'open'), flags: ['mentioned'] },
    ]);
    expect(shown).toEqual([]);
    viewing = { conversation: 'channel:5:open', channel: null, focused: false };
    deliverTo(notifications, [{ message: message(25, 'open'), flags: ['mentioned'] }]);
    expect(shown.map((notice) => notice.anchor)).toEqual([25]);
  });

  it("stay quiet for every topic of the channel whose feed is in view, not for other channels'", () => {
    viewing = { conversation: null, channel: 5, focused: true };
    deliverTo(notifications, [
      { message: message(40, 'open'), flags: ['mentioned'] },
      { message: message(41, 'another topic'), flags: ['mentioned'] },
      { message: message(42, 'elsewhere', { stream_id: 9 }), flags: ['mentioned'] },
    ]);
    expect(shown.map((notice) => notice.anchor)).toEqual([42]);
    viewing = { conversation: null, channel: 5, focused: false };
    deliverTo(notifications, [{ message: message(43, 'open'), flags: ['mentioned'] }]);
    expect(shown.map((notice) => notice.anchor)).toEqual([42, 43]);
  });

  it("notify a message the server flagged with the user's alert words, not in a muted topic; several sum up as such", async () => {
    vi.useFakeTimers();
    db.prepare('INSERT INTO user_topics (stream_id, topic_name, visibility_policy) VALUES (5, ?, 1)').run('muted');
    deliverTo(notifications, [
      { message: message(50, 'lunch', { content: '<p>Who is up for lunch?</p>' }), flags: ['has_alert_word'] },
      { message: message(51, 'muted'), flags: ['has_alert_word'] },
      { message: message(52, 'plain'), flags: [] },
    ]);
    expect(shown).toEqual([expect.objectContaining({ conversation: 'channel:5:lunch', anchor: 50, title: 'Ada in #general › lunch', body: 'Who is up for lunch?' })]);
    deliverTo(notifications, [60, 61, 62, 63].map((id) => ({ message: message(id, `release ${id}`), flags: ['has_alert_word'] })));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown.at(-1)).toMatchObject({ title: '2 new messages with your alert words in #general' });
  });

  it('collapse many messages of one conversation arriving together into one', () => {
    deliverTo(notifications, [30, 31, 32].map((id) => ({ message: dm(id), flags: [] })));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ anchor: 30, title: 'Chidi', body: '3 new messages. m32' });
  });
});

describe('a flood', () => {
  it('500 mentions in 1.2 s: three notifications at once, then one that sums up the rest in #channel', async () => {
    vi.useFakeTimers();
    // The audit's flood: a hundred batches of five mentions, each batch in one topic, 12 ms apart.
    for (let batch = 0; batch < 100; batch++) {
      deliverTo(notifications, Array.from({ length: 5 }, (_, i) => ({ message: message(1_000 + batch * 5 + i, `topic ${batch % 7}`), flags: ['mentioned'] })));
      await vi.advanceTimersByTimeAsync(12);
    }
    expect(shown).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown).toHaveLength(4);
    expect(shown[3]).toMatchObject({ title: '485 new mentions in #general', conversation: 'channel:5:topic 3', anchor: 1_015 });
    // A quiet while later, one message is shown on its own again.
    await vi.advanceTimersByTimeAsync(60_000);
    deliverTo(notifications, [{ message: dm(2_000), flags: [] }]);
    expect(shown.at(-1)).toMatchObject({ title: 'Chidi', body: 'm2000' });
  });

  it('over several conversations: one summary naming the busiest', async () => {
    vi.useFakeTimers();
    const places = [
      ...Array.from({ length: 4 }, (_, i) => ({ message: message(3_000 + i, 'warmup'), flags: ['mentioned'] })),
      ...Array.from({ length: 6 }, (_, i) => ({ message: message(3_100 + i, 'a', { stream_id: 8, display_recipient: 'ops' }), flags: ['mentioned'] })),
      ...Array.from({ length: 2 }, (_, i) => ({ message: dm(3_200 + i), flags: [] })),
    ];
    for (const one of places) deliverTo(notifications, [one]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown).toHaveLength(4);
    expect(shown[3]).toMatchObject({ title: '9 new messages in 3 conversations', body: 'in #ops (6), from Chidi (2), in #general (1)', conversation: 'channel:8:a', anchor: 3_100 });
  });
});

describe('notification text', () => {
  it('carries no bidirectional controls, in the title or the body', () => {
    const spoof = '\u202Egpj.exe\u202C';
    deliverTo(notifications, [
      { message: message(40, `report ${spoof}`, { sender_full_name: `Eve\u2066\u200F`, content: `<p>open invoice${spoof} \u2067now\u2069\u061C</p>`, content_type: 'text/html' }), flags: ['mentioned'] },
    ]);
    expect(shown[0]).toMatchObject({ title: 'Eve in #general › report gpj.exe', body: 'open invoicegpj.exe now' });
    expect(shown[0]!.title + shown[0]!.body).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
  });
});

describe('do not disturb', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'alerts-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('silences notifications, and is still on after a restart', () => {
    const emitted: unknown[] = [];
    const options = { file: join(dir, 'notifications.json'), emit: (_: string, payload: unknown) => emitted.push(payload), mirrorPath: () => join(dir, 'none.db') };
    const alerts = new DesktopAlerts(options);
    const notice: DesktopNotice = { account_id: 'a', conversation: 'direct:1,2', anchor: 1, title: 't', body: 'b' };
    alerts.deliver(notice);
    expect(emitted).toEqual([notice]);
    alerts.setDoNotDisturb(true);
    alerts.deliver(notice);
    expect(emitted).toHaveLength(1);
    const restarted = new DesktopAlerts(options);
    expect(restarted.settings.do_not_disturb).toBe(true);
    restarted.deliver(notice);
    expect(emitted).toHaveLength(1);
  });
});
