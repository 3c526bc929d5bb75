// The channel list's summaries come from the queried columns, read back through a checked row;
// one channel as its feed heads it, subscribed to or not.
import { afterEach, expect, it } from 'vitest';
import type { Channel } from '../../../shared/api/records';
import { setRealmValues } from '../../../main/store/realm';
import { channelAbout, channelAdministerSetting, channelSummaries, channelsTable, subscribedChannelIds, subscriptionsTable } from '../../../main/store/channels';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';

const dbs: MirrorDatabase[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const channel = (stream_id: number, name: string, extra: Partial<Channel> = {}): Channel =>
  ({ stream_id, name, folder_id: null, is_archived: false, invite_only: false, is_web_public: false, rendered_description: '', ...extra }) as Channel;

it('lists summaries in name order with their flags, and the subscribed ids', () => {
  const db = openMirror(':memory:');
  dbs.push(db);
  upsertRecords(db, channelsTable, [channel(2, 'zeta', { invite_only: true }), channel(1, 'alpha', { is_archived: true, folder_id: 4 })]);
  upsertRecords(db, subscriptionsTable, [{ stream_id: 2 }] as never);
  expect(channelSummaries(db)).toEqual([
    { stream_id: 1, name: 'alpha', folder_id: 4, is_archived: true, invite_only: false, is_web_public: false, rendered_description: '' },
    { stream_id: 2, name: 'zeta', folder_id: null, is_archived: false, invite_only: true, is_web_public: false, rendered_description: '' },
  ]);
  expect([...subscribedChannelIds(db)]).toEqual([2]);
});

it('refuses a row the app never wrote rather than showing it', () => {
  const db = openMirror(':memory:');
  dbs.push(db);
  upsertRecords(db, channelsTable, [channel(1, 'alpha')]);
  db.prepare(`UPDATE channels SET is_archived = 'yes'`).run();
  expect(() => channelSummaries(db)).toThrow();
});

it('heads a channel’s feed whether the user is subscribed to it or not, from whichever record the mirror has', () => {
  const db = openMirror(':memory:');
  dbs.push(db);
  upsertRecords(db, channelsTable, [
    channel(1, 'joined', { description: 'Where we **join**', rendered_description: '<p>Where we <strong>join</strong></p>' }),
    channel(2, 'previewed', { topics_policy: 'disable_empty_topic' } as Partial<Channel>),
    channel(5, 'private', { invite_only: true }),
  ]);
  upsertRecords(db, subscriptionsTable, [{ stream_id: 1 }, { ...channel(3, 'only subscribed', { rendered_description: '<p>Known by its subscription</p>' }), is_archived: true, is_muted: true, desktop_notifications: true }] as never);
  expect(channelAbout(db, 1, 372)).toEqual({ stream_id: 1, name: 'joined', subscribed: true, is_archived: false, invite_only: false, is_muted: false, empty_topic: 'allowed', rendered_description: '<p>Where we <strong>join</strong></p>', description: 'Where we **join**', notifies_all: false });
  expect(channelAbout(db, 2, 372)).toEqual({ stream_id: 2, name: 'previewed', subscribed: false, is_archived: false, invite_only: false, is_muted: false, empty_topic: 'refused', rendered_description: '', description: '', notifies_all: false });
  expect(channelAbout(db, 3, 372)).toEqual({ stream_id: 3, name: 'only subscribed', subscribed: true, is_archived: true, invite_only: false, is_muted: true, empty_topic: 'allowed', rendered_description: '<p>Known by its subscription</p>', description: '', notifies_all: true });
  // The user's default for channels that have not chosen: every message notifies.
  setRealmValues(db, { user_settings: { enable_stream_desktop_notifications: true } });
  expect([1, 2, 3].map((id) => channelAbout(db, id, 372)?.notifies_all)).toEqual([true, false, true]);
  expect(channelAbout(db, 5, 372)).toMatchObject({ name: 'private', subscribed: false, invite_only: true });
  expect(channelAbout(db, 4, 372)).toBeUndefined();
});

it("reads who may administer a channel from its record: a group id, an anonymous group, or nothing", () => {
  const db = openMirror(':memory:');
  dbs.push(db);
  const anonymous = { direct_members: [7], direct_subgroups: [2] };
  upsertRecords(db, channelsTable, [
    channel(1, 'by group', { can_administer_channel_group: 3 } as Partial<Channel>),
    channel(2, 'by members', { can_administer_channel_group: anonymous } as Partial<Channel>),
    channel(3, 'older server'),
  ]);
  expect([1, 2, 3, 4].map((id) => channelAdministerSetting(db, id))).toEqual([3, anonymous, undefined, undefined]);
});
