// Drafts kept by the server too (the family's /drafts), in the mirror: the server's drafts become
// the conversations' drafts here, the drafts written here are listed to create or edit there, and
// no draft is created twice or comes back after it was sent, whatever answer or event comes first.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerDraft } from '../../../shared/api/drafts';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import {
  deleteDraft,
  draftCreated,
  draftCreating,
  draftEdited,
  draftEvents,
  draftRemoved,
  draftsToSend,
  getDraft,
  listDrafts,
  replaceServerDrafts,
  saveDraft,
  settleUnansweredCreations,
} from '../../../main/store/drafts';
import { setRealmValues } from '../../../main/store/realm';

const ME = 7;
let db: MirrorDatabase;

const draft = (id: number, fields: Partial<ServerDraft> = {}): ServerDraft => ({ id, type: 'stream', to: [5], topic: 'lunch', content: `draft ${id}`, timestamp: 1_700_000_000 + id, ...fields });
const save = (conversation: string, content: string) => saveDraft(db, conversation, content, new ChangeCollector(), 1_000);
const registered = (drafts: ServerDraft[]) => replaceServerDrafts(db, drafts, ME, new ChangeCollector());
const event = (fields: { op: 'add'; drafts: ServerDraft[] } | { op: 'update'; draft: ServerDraft } | { op: 'remove'; draft_id: number }) => {
  const changes = new ChangeCollector();
  draftEvents.drafts(db, { type: 'drafts', id: 1, ...fields }, changes);
  return changes.notice().changed.drafts ?? [];
};
const toSend = () => draftsToSend(db, 10_000);
const contents = () => listDrafts(db).map((d) => [d.conversation, d.preview]);

beforeEach(() => {
  db = openMirror(':memory:');
  setRealmValues(db, { user_id: ME });
});

describe("the server's drafts, here", () => {
  it("become the drafts of their conversations, a direct one's with the user in it; one without a recipient is left there", () => {
    registered([draft(1), draft(2, { type: 'private', to: [9], topic: '', content: 'to nine' }), draft(3, { type: '', to: [], content: 'nowhere' })]);
    expect(contents()).toEqual([
      ['direct:7,9', 'to nine'],
      ['channel:5:lunch', 'draft 1'],
    ]);
    expect(getDraft(db, 'channel:5:lunch')).toEqual({ content: 'draft 1', updated_at: 1_700_000_001_000 });
    expect(toSend()).toEqual({ drafts: [], removals: [] });
  });

  it("take an edit from another device, unless edited here since: then this one's text goes there", () => {
    registered([draft(1)]);
    expect(event({ op: 'update', draft: draft(1, { content: 'edited there' }) })).toEqual(['channel:5:lunch']);
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('edited there');
    save('channel:5:lunch', 'edited here');
    event({ op: 'update', draft: draft(1, { content: 'edited there again' }) });
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('edited here');
    expect(toSend().drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:lunch', content: 'edited here', server_id: 1 })]);
  });

  it('go when sent or deleted on another device, unless edited here since: then created again', () => {
    registered([draft(1), draft(2, { topic: 'dinner' })]);
    save('channel:5:dinner', 'more');
    event({ op: 'remove', draft_id: 1 });
    expect(getDraft(db, 'channel:5:lunch')).toBeUndefined();
    // The next registration no longer lists the other one either.
    registered([]);
    expect(getDraft(db, 'channel:5:dinner')?.content).toBe('more');
    expect(toSend().drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:dinner', server_id: null })]);
  });

  it("leave a conversation's draft written here as it is; the newest of two for one conversation is taken", () => {
    save('channel:5:lunch', 'mine');
    registered([draft(1, { topic: 'dinner', timestamp: 10 }), draft(2, { topic: 'dinner', timestamp: 20 }), draft(3)]);
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('mine');
    expect(getDraft(db, 'channel:5:dinner')?.content).toBe('draft 2');
  });
});

describe('turning off keeping drafts on the server', () => {
  it('(on another device) leaves the drafts here; turned on again, they are created there again', () => {
    registered([draft(1)]);
    draftEvents.user_settings(db, { type: 'user_settings', op: 'update', id: 2, property: 'enable_drafts_synchronization', value: false }, new ChangeCollector());
    // The server deleted its copies without a word: its next list is empty.
    registered([]);
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('draft 1');
    expect(toSend().drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:lunch', server_id: null })]);
  });
});

describe('the drafts written here, there', () => {
  it('are created once, then edited; spaces the server drops are no edit, and stay here', () => {
    save('channel:5:lunch', 'hello ');
    expect(toSend().drafts).toEqual([{ conversation: 'channel:5:lunch', content: 'hello', updated_at: 1_000, server_id: null }]);
    draftCreating(db, 'channel:5:lunch', 'hello');
    expect(toSend().drafts).toEqual([]);
    draftCreated(db, 'channel:5:lunch', 'hello', 40);
    expect(toSend().drafts).toEqual([]);
    event({ op: 'add', drafts: [draft(40, { content: 'hello' })] });
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('hello ');
    save('channel:5:lunch', 'hello there');
    expect(toSend().drafts).toEqual([expect.objectContaining({ content: 'hello there', server_id: 40 })]);
    draftEdited(db, 40, 'hello there');
    expect(toSend().drafts).toEqual([]);
    // Kept there without its indent, it is not "edited here": an edit from elsewhere comes in.
    save('channel:5:lunch', '    bye ');
    draftEdited(db, 40, 'bye');
    event({ op: 'update', draft: draft(40, { content: 'bye from there' }) });
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('bye from there');
  });

  it('are not sent while they name files not uploaded yet, nor beyond the length the server keeps', () => {
    save('channel:5:lunch', 'see [plan.pdf](staged:abc)');
    save('channel:5:dinner', 'x'.repeat(11));
    expect(draftsToSend(db, 10).drafts).toEqual([]);
  });

  it('are deleted there when sent or deleted here', () => {
    registered([draft(1)]);
    deleteDraft(db, 'channel:5:lunch', new ChangeCollector());
    expect(toSend().removals).toEqual([1]);
    // The removal's own event, or a registration before it is done, does not bring it back.
    event({ op: 'update', draft: draft(1) });
    registered([draft(1)]);
    expect(getDraft(db, 'channel:5:lunch')).toBeUndefined();
    draftRemoved(db, 1);
    expect(toSend().removals).toEqual([]);
  });
});

describe('a topic moved whole', () => {
  const moved = (fields: { stream_id?: number; new_stream_id?: number; orig_subject: string; subject?: string; propagate_mode: string }) => {
    const changes = new ChangeCollector();
    draftEvents.update_message(db, { type: 'update_message', id: 1, message_id: 9, message_ids: [9], edit_timestamp: 1, stream_id: 5, ...fields }, changes);
    return changes.notice().changed.drafts ?? [];
  };

  it('takes its draft along, renamed, resolved or to another channel; the server copy is readdressed, not created again', () => {
    registered([draft(1)]);
    expect(moved({ orig_subject: 'lunch', subject: '✔ lunch', propagate_mode: 'change_all' })).toEqual(['channel:5:lunch', 'channel:5:✔ lunch']);
    expect(contents()).toEqual([['channel:5:✔ lunch', 'draft 1']]);
    expect(toSend().drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:✔ lunch', server_id: 1 })]);
    // The server's copy, still under the old name in its own events until the edit reaches it, stays readdressed.
    event({ op: 'update', draft: draft(1) });
    expect(contents()).toEqual([['channel:5:✔ lunch', 'draft 1']]);
    moved({ orig_subject: '✔ lunch', new_stream_id: 6, propagate_mode: 'change_all' });
    expect(contents()).toEqual([['channel:6:✔ lunch', 'draft 1']]);
  });

  it('leaves it where only some messages moved, or where the new place has a draft of its own', () => {
    save('channel:5:lunch', 'mine');
    expect(moved({ orig_subject: 'lunch', subject: 'dinner', propagate_mode: 'change_one' })).toEqual([]);
    expect(moved({ orig_subject: 'lunch', subject: 'dinner', propagate_mode: 'change_later' })).toEqual([]);
    save('channel:5:dinner', 'theirs');
    expect(moved({ orig_subject: 'lunch', subject: 'dinner', propagate_mode: 'change_all' })).toEqual([]);
    expect(contents().sort()).toEqual([
      ['channel:5:dinner', 'theirs'],
      ['channel:5:lunch', 'mine'],
    ]);
  });
});

describe('a creation whose answer is late or lost', () => {
  it("is named by its own event before its answer: one copy, the answer changing nothing", () => {
    save('channel:5:lunch', 'hello');
    draftCreating(db, 'channel:5:lunch', 'hello');
    save('channel:5:lunch', 'hello, typed on');
    expect(event({ op: 'add', drafts: [draft(40, { content: 'hello' })] })).toEqual([]);
    draftCreated(db, 'channel:5:lunch', 'hello', 40);
    expect(toSend()).toEqual({ drafts: [expect.objectContaining({ content: 'hello, typed on', server_id: 40 })], removals: [] });
  });

  it('deleted here before its answer or its event, has its copy deleted, whichever comes first', () => {
    for (const eventFirst of [true, false]) {
      save('channel:5:lunch', 'hello');
      draftCreating(db, 'channel:5:lunch', 'hello');
      deleteDraft(db, 'channel:5:lunch', new ChangeCollector());
      const id = eventFirst ? 40 : 41;
      if (eventFirst) event({ op: 'add', drafts: [draft(id, { content: 'hello' })] });
      draftCreated(db, 'channel:5:lunch', 'hello', id);
      if (!eventFirst) event({ op: 'add', drafts: [draft(id, { content: 'hello' })] });
      expect(getDraft(db, 'channel:5:lunch')).toBeUndefined();
      expect(toSend().removals).toEqual([id]);
      draftRemoved(db, id);
    }
  });

  it('after a crash: the registration names the copy made, or, naming none, the draft is created again', () => {
    save('channel:5:lunch', 'hello');
    save('channel:5:dinner', 'soup');
    draftCreating(db, 'channel:5:lunch', 'hello');
    draftCreating(db, 'channel:5:dinner', 'soup');
    registered([draft(40, { content: 'hello' })]);
    settleUnansweredCreations(db, new Set());
    expect(toSend().drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:dinner', server_id: null })]);
    save('channel:5:lunch', 'hello again');
    expect(toSend().drafts).toContainEqual(expect.objectContaining({ conversation: 'channel:5:lunch', server_id: 40 }));
  });

  it('still under way when a registration answers is not created again', () => {
    save('channel:5:lunch', 'hello');
    draftCreating(db, 'channel:5:lunch', 'hello');
    registered([]);
    settleUnansweredCreations(db, new Set(['channel:5:lunch']));
    expect(toSend().drafts).toEqual([]);
  });
});
