// /drafts as real servers of the family keep them (zerver/lib/drafts.py and views/drafts.py, the
// shapes of Draft.to_dict, the refusals of their typed endpoint): creating, editing and deleting
// with drafts events to the user alone, `to` as the server shows it, the registration's drafts,
// the server's refusals in its words, and enable_drafts_synchronization turned off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from './index';
import { call } from './testing/client';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

interface Draft {
  id: number;
  type: string;
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

async function create(client: Demo['clients']['member'], ...drafts: Record<string, unknown>[]): Promise<number[]> {
  const reply = await client.post('/drafts', { drafts });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['ids'] as number[];
}

async function list(client: Demo['clients']['member']): Promise<Draft[]> {
  const reply = await client.get('/drafts');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body['count']).toBe((reply.body['drafts'] as Draft[]).length);
  return reply.body['drafts'] as Draft[];
}

describe('/drafts', () => {
  it('creates drafts, tells the user’s queues alone, and lists them oldest edit first', async () => {
    const mine = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['drafts'] });
    const others = await EventStream.open(demo.service.url, demo.accounts.admin, { event_types: ['drafts'] });
    const elsewhere = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_settings'] });
    const ids = await create(
      demo.clients.member,
      { type: 'stream', to: [DEMO.channels.general], topic: 'plans', content: '  Friday?\n\n', timestamp: 1_700_000_100.75 },
      { type: 'private', to: [DEMO.users.priya], topic: 'ignored', content: 'hi Priya', timestamp: 1_700_000_000 },
    );
    expect(ids).toHaveLength(2);
    const [channelDraft, directDraft] = [
      { id: ids[0], type: 'stream', to: [DEMO.channels.general], topic: 'plans', content: 'Friday?', timestamp: 1_700_000_100 },
      { id: ids[1], type: 'private', to: [DEMO.users.priya], topic: '', content: 'hi Priya', timestamp: 1_700_000_000 },
    ];
    expect(await mine.next(ofType('drafts', 'add'))).toMatchObject({ drafts: [channelDraft, directDraft] });
    expect(await list(demo.clients.member)).toEqual([directDraft, channelDraft]);
    expect(await others.collect()).toEqual([]);
    expect(await elsewhere.collect()).toEqual([]);
    expect(await list(demo.clients.admin)).toEqual([]);
  });

  it('shows a direct draft’s recipients without the user, but the user alone to oneself; no recipient is unaddressed', async () => {
    const self = demo.accounts.guest.user_id;
    const { priya, diego } = DEMO.users;
    const ids = await create(
      demo.clients.guest,
      { type: 'private', to: [self, priya], topic: '', content: 'one on one' },
      { type: 'private', to: [diego, priya, self, diego], topic: '', content: 'a group' },
      { type: 'private', to: [self], topic: '', content: 'a note to self' },
      { type: 'private', to: [], topic: 'dropped', content: 'to nobody yet' },
      { type: '', to: [priya], topic: 'dropped', content: 'unaddressed' },
    );
    const shown = new Map((await list(demo.clients.guest)).map((draft) => [draft.id, [draft.type, draft.to, draft.topic]]));
    expect(ids.map((id) => shown.get(id))).toEqual([
      ['private', [priya], ''],
      ['private', [priya, diego], ''],
      ['private', [self], ''],
      ['', [], ''],
      ['', [], ''],
    ]);
  });

  it('edits a draft with an update event, and deletes it with a remove event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['drafts'] });
    const [id] = await create(demo.clients.member, { type: 'private', to: [DEMO.users.diego], topic: '', content: 'first words' });
    await stream.next(ofType('drafts', 'add'));
    const draft = { type: 'stream', to: [DEMO.channels.random], topic: 'x'.repeat(70), content: 'second words', timestamp: 4_000_000_000 };
    expect((await demo.clients.member.patch(`/drafts/${id}`, { draft })).body).toEqual({ result: 'success', msg: '' });
    const edited = { id, type: 'stream', to: [DEMO.channels.random], topic: `${'x'.repeat(57)}...`, content: 'second words', timestamp: 4_000_000_000 };
    expect(await stream.next(ofType('drafts', 'update'))).toMatchObject({ draft: edited });
    const listed = await list(demo.clients.member);
    expect(listed.at(-1)).toEqual(edited);

    expect((await demo.clients.member.delete(`/drafts/${id}`)).body).toEqual({ result: 'success', msg: '' });
    expect(await stream.next(ofType('drafts', 'remove'))).toMatchObject({ draft_id: id });
    expect((await list(demo.clients.member)).map((d) => d.id)).not.toContain(id);
    expect((await demo.clients.member.delete(`/drafts/${id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown draft and for another user’s', async () => {
    const [theirs] = await create(demo.clients.admin, { type: '', to: [], topic: '', content: 'admin’s own' });
    const draft = { type: '', to: [], topic: '', content: 'mine now' };
    for (const id of [theirs, 999_999]) {
      const edited = await demo.clients.member.patch(`/drafts/${id}`, { draft });
      expect([edited.status, edited.body]).toEqual([404, error('Draft does not exist')]);
      const deleted = await demo.clients.member.delete(`/drafts/${id}`);
      expect([deleted.status, deleted.body]).toEqual([404, error('Draft does not exist')]);
    }
    expect((await list(demo.clients.admin)).map((d) => d.content)).toEqual(['admin’s own']);
  });

  it('refuses what the server refuses, in its words, and stores none of a refused batch', async () => {
    const before = await list(demo.clients.member);
    const ok = { type: 'stream', to: [DEMO.channels.general], topic: 't', content: 'c' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...ok, to: [DEMO.channels.general, DEMO.channels.random] }, 'Must specify exactly 1 channel ID for channel messages'],
      [{ ...ok, to: [DEMO.channels.leadership] }, 'Invalid channel ID'],
      [{ ...ok, to: [DEMO.channels.oldAnnouncements] }, 'Invalid channel ID'],
      [{ ...ok, to: [999] }, 'Invalid channel ID'],
      [{ ...ok, timestamp: -1 }, 'Timestamp must not be negative.'],
      [{ ...ok, content: ' \n\t ' }, 'drafts[1]["content"] cannot be blank'],
      [{ ...ok, content: '\u001c' }, 'Message must not be empty'],
      [{ ...ok, topic: 'a\u0000b' }, 'Topic must not contain null bytes'],
      [{ ...ok, extra: 1 }, 'Argument "extra" at drafts[1]["extra"] is unexpected'],
      [{ type: 'channel', to: [1] }, 'Invalid drafts[1]["type"]'],
      [{ type: 'stream', topic: 't' }, 'drafts[1]["to"] field is missing: Field required'],
      [{ ...ok, to: ['1'] }, 'drafts[1]["to"][0] is not an integer'],
      [{ ...ok, timestamp: 'now' }, 'drafts[1]["timestamp"]["int"] is not an integer'],
      [{ type: 'private', to: [DEMO.users.priya, 4242], topic: '', content: 'c' }, 'Invalid user ID 4242'],
      [{ type: 'private', to: [DEMO.users.dana], topic: '', content: 'c' }, "'dana@demo.example' is no longer using Zulip."],
    ];
    for (const [draft, msg] of refusals) {
      const reply = await demo.clients.member.post('/drafts', { drafts: [ok, draft] });
      expect([reply.status, reply.body], msg).toEqual([400, error(msg)]);
    }
    expect((await demo.clients.member.post('/drafts', { drafts: ok })).body).toEqual(error('drafts is not a list'));
    expect((await demo.clients.member.post('/drafts', { drafts: [1] })).body).toEqual(error('Invalid drafts[0]: Input should be a valid dictionary or instance of DraftData'));
    expect((await demo.clients.member.post('/drafts')).body).toMatchObject({ msg: "Missing 'drafts' argument", code: 'REQUEST_VARIABLE_MISSING' });
    const [id] = await create(demo.clients.member, ok);
    expect((await demo.clients.member.patch(`/drafts/${id}`, { draft: { ...ok, content: '' } })).body).toEqual(error('draft["content"] cannot be blank'));
    expect(await list(demo.clients.member)).toEqual([...before, expect.objectContaining({ id })]);
  });

  it('comes with the registration, newest edit first, when asked for or when everything is', async () => {
    const stamps = [1_600_000_300, 1_600_000_100, 1_600_000_200];
    const ids = await create(demo.clients.owner, ...stamps.map((timestamp) => ({ type: '', to: [], topic: '', content: `at ${timestamp}`, timestamp })));
    const newestFirst = [ids[0], ids[2], ids[1]];
    const asked = await demo.clients.owner.post('/register', { fetch_event_types: ['drafts'] });
    expect((asked.body['drafts'] as Draft[]).map((d) => d.id)).toEqual(newestFirst);
    const everything = await demo.clients.owner.post('/register');
    expect((everything.body['drafts'] as Draft[]).map((d) => d.id)).toEqual(newestFirst);
    expect((everything.body['user_settings'] as Record<string, unknown>)['enable_drafts_synchronization']).toBe(true);
    expect((await demo.clients.owner.post('/register', { fetch_event_types: ['message'] })).body).not.toHaveProperty('drafts');
  });

  it('with enable_drafts_synchronization off: the drafts are gone without drafts events, and every route refuses', async () => {
    const client = demo.clients.moderator;
    await create(client, { type: '', to: [], topic: '', content: 'soon forgotten' });
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['drafts', 'user_settings'] });
    expect((await client.patch('/settings', { enable_drafts_synchronization: false })).body).toEqual({ result: 'success', msg: '' });
    const events = await stream.collect();
    expect(events.map((event) => [event.type, event['op'], event['property'], event['value']])).toEqual([['user_settings', 'update', 'enable_drafts_synchronization', false]]);

    const refused = error('User has disabled synchronizing drafts.');
    for (const reply of [
      await client.get('/drafts'),
      await client.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'c' }] }),
      await client.patch('/drafts/1', { draft: 'not even JSON' }),
      await client.delete('/drafts/1'),
    ]) {
      expect([reply.status, reply.body]).toEqual([400, refused]);
    }
    const registered = await client.post('/register', { fetch_event_types: ['drafts', 'user_settings'] });
    expect(registered.body['drafts']).toEqual([]);
    expect((registered.body['user_settings'] as Record<string, unknown>)['enable_drafts_synchronization']).toBe(false);

    expect((await client.patch('/settings', { enable_drafts_synchronization: true })).body).toEqual({ result: 'success', msg: '' });
    expect(await list(client)).toEqual([]);
    // Unchanged settings change nothing, and send nothing.
    expect((await client.patch('/settings', { enable_drafts_synchronization: true })).body).toEqual({ result: 'success', msg: '' });
    expect((await stream.collect()).map((event) => event['value'])).toEqual([true]);
  });
});

describe('drafts across a restart', () => {
  it('are kept when the simulator resumes its database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-drafts-'));
    try {
      const path = join(dir, 'service.db');
      const first = await startService({ dbPath: path });
      const member = first.accounts.find((account) => account.role === 400)!;
      const created = await call(first.url, member, 'POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'kept' }] });
      expect(created.status).toBe(200);
      const port = Number(new URL(first.url).port);
      await first.close();
      const second = await startService({ dbPath: path, port, resume: true });
      try {
        const listed = await call(second.url, member, 'GET', '/drafts');
        expect((listed.body['drafts'] as Draft[]).map((d) => [d.id, d.content])).toEqual([[(created.body['ids'] as number[])[0], 'kept']]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
