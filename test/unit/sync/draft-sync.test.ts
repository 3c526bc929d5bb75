// The drafts written here, told to the server: created once and then edited, deleted there when
// sent here, nothing sent offline or where the user keeps no drafts on the server, and a creation
// whose answer was lost not made twice.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DraftData } from '../../../shared/api/drafts';
import type { OperationName } from '../../../shared/api/operations';
import { NetworkError, ServiceError } from '../../../main/api/errors';
import { silentLogger } from '../../../main/api/logger';
import { ChangeCollector, type MirrorWrite } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { deleteDraft, getDraft, replaceServerDrafts, saveDraft } from '../../../main/store/drafts';
import { setRealmValues } from '../../../main/store/realm';
import { DraftSync } from '../../../main/sync/draft-sync';

const ME = 7;

interface Call {
  name: OperationName;
  params: { drafts?: DraftData[]; draft?: DraftData; draft_id?: number };
}

let db: MirrorDatabase;
let calls: Call[];
let online: boolean;
/** The server's answer to the next call, when not success. */
let failNext: Error | undefined;
let nextId: number;
let sync: DraftSync;

const notFound = (request: string) => new ServiceError({ code: 'BAD_REQUEST', msg: 'Draft does not exist', status: 404, request, fields: {}, message: 'Draft does not exist' });

beforeEach(() => {
  db = openMirror(':memory:');
  setRealmValues(db, { user_id: ME, user_settings: { enable_drafts_synchronization: true } });
  calls = [];
  online = true;
  failNext = undefined;
  nextId = 40;
  const write: MirrorWrite = (work) => db.transaction(() => work(db, new ChangeCollector()))();
  sync = new DraftSync({
    db,
    write,
    online: () => online,
    logger: silentLogger,
    client: {
      call: async (name: OperationName, params: object) => {
        calls.push({ name, params: params as Call['params'] });
        const failure = failNext;
        failNext = undefined;
        if (failure) throw failure;
        return name === 'createDrafts' ? { result: 'success', msg: '', ids: [nextId++] } : { result: 'success', msg: '' };
      },
    } as never,
  });
});

const save = (conversation: string, content: string) => db.transaction(() => saveDraft(db, conversation, content, new ChangeCollector(), 1_700_000_000_000))();
const pass = async () => {
  sync.run();
  await sync.settled();
};
const names = () => calls.map((call) => call.name);

describe('drafts told to the server', () => {
  it('are created once, in the form the server takes, then edited; nothing is sent again unchanged', async () => {
    save('direct:7,9', 'hello');
    await pass();
    expect(calls).toEqual([{ name: 'createDrafts', params: { drafts: [{ type: 'private', to: [9], topic: '', content: 'hello', timestamp: 1_700_000_000 }] } }]);
    await pass();
    save('direct:7,9', 'hello again');
    await pass();
    expect(calls.slice(1)).toEqual([{ name: 'editDraft', params: { draft_id: 40, draft: expect.objectContaining({ content: 'hello again' }) } }]);
  });

  it('wait while offline, and where the user keeps no drafts on the server', async () => {
    save('channel:5:lunch', 'hello');
    online = false;
    await pass();
    online = true;
    setRealmValues(db, { user_settings: { enable_drafts_synchronization: false } });
    await pass();
    expect(calls).toEqual([]);
  });

  it('sent or deleted here are deleted there; one already gone there counts as deleted', async () => {
    save('channel:5:lunch', 'hello');
    save('channel:5:dinner', 'soup');
    await pass();
    for (const conversation of ['channel:5:lunch', 'channel:5:dinner']) db.transaction(() => deleteDraft(db, conversation, new ChangeCollector()))();
    failNext = notFound('DELETE /drafts/{draft_id}');
    await pass();
    await pass();
    expect(names()).toEqual(['createDrafts', 'createDrafts', 'deleteDraft', 'deleteDraft']);
    expect(calls.slice(2).map((call) => call.params.draft_id)).toEqual([40, 41]);
  });

  it('deleted there meanwhile is created again with the edit made here', async () => {
    save('channel:5:lunch', 'hello');
    await pass();
    save('channel:5:lunch', 'hello, edited');
    failNext = notFound('PATCH /drafts/{draft_id}');
    await pass();
    await pass();
    expect(names()).toEqual(['createDrafts', 'editDraft', 'createDrafts']);
    expect(calls[2]?.params.drafts?.[0]?.content).toBe('hello, edited');
  });

  it("whose creation's answer was lost is not created again: the next registration names its copy", async () => {
    save('channel:5:lunch', 'hello');
    failNext = new NetworkError('POST /drafts', 'ECONNRESET', 'connection reset');
    await pass();
    // Made on the server all the same; saving again without a change, or a pass, does not send it again.
    await pass();
    expect(names()).toEqual(['createDrafts']);
    replaceServerDrafts(db, [{ id: 77, type: 'stream', to: [5], topic: 'lunch', content: 'hello', timestamp: 1 }], ME, new ChangeCollector());
    sync.registered();
    await pass();
    expect(names()).toEqual(['createDrafts']);
    save('channel:5:lunch', 'hello there');
    await pass();
    expect(calls[1]).toEqual({ name: 'editDraft', params: { draft_id: 77, draft: expect.objectContaining({ content: 'hello there' }) } });
  });

  it('whose creation never reached the server is created after the next registration', async () => {
    save('channel:5:lunch', 'hello');
    failNext = new NetworkError('POST /drafts', 'ECONNREFUSED', 'refused');
    await pass();
    replaceServerDrafts(db, [], ME, new ChangeCollector());
    sync.registered();
    await pass();
    expect(names()).toEqual(['createDrafts', 'createDrafts']);
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('hello');
  });

  it('refused by the server are not sent again until edited', async () => {
    save('channel:5:lunch', 'hello');
    failNext = new ServiceError({ code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, request: 'POST /drafts', fields: {}, message: 'Invalid channel ID' });
    await pass();
    await pass();
    save('channel:5:lunch', 'hello, edited');
    await pass();
    expect(names()).toEqual(['createDrafts', 'createDrafts']);
  });
});
