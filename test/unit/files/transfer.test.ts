// A file from the renderer to the server, the whole way: the renderer's staging and upload
// functions (renderer/src/files/transfer.ts) over the IPC's one dispatch (argument checks and
// all), the account session's staging area and upload, to a server taking uploads as real ones
// do. What arrives is the file; progress counts up; an abort or a cancel leaves nothing sent
// and nothing half-staged; the server's limit refuses a file before a byte leaves the machine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { fileHandlers } from '../../../main/handlers/files';
import { setRealmValues } from '../../../main/store/realm';
import { fileTransfer } from '../../../renderer/src/files/transfer';
import { uploadLink } from '../../../shared/api/uploads';
import { IPC_ARGUMENT_MAX_BYTES, ipcSize } from '../../../shared/ipc-limits';
import { STAGE_CHUNK_BASE64, STAGE_CHUNK_BYTES, type IpcChannel, type UploadProgress } from '../../../shared/ipc';
import { startUploadReceiver, type UploadReceiver } from '../../support/upload-receiver';

const MiB = 1024 * 1024;
let receiver: UploadReceiver;
let dir: string;
let session: AccountSession;
let handlers: IpcHandlers;
const progressListeners = new Set<(progress: UploadProgress) => void>();

class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The renderer's side of the IPC: plain JSON into main's dispatch, its envelope back. */
const ipc = {
  async call(channel: IpcChannel, args: unknown) {
    const envelope = await dispatch(handlers, channel, args === undefined ? undefined : JSON.parse(JSON.stringify(args)));
    if (!envelope.ok) throw new CallError(envelope.error.code, envelope.error.message);
    return envelope.value;
  },
  onNotice(_notice: 'files.progress', listener: (progress: UploadProgress) => void) {
    progressListeners.add(listener);
    return () => progressListeners.delete(listener);
  },
};
const toBase64 = async (part: Blob) => Buffer.from(await part.arrayBuffer()).toString('base64');
const transfer = fileTransfer(ipc as never, toBase64);

const stagedDir = () => join(dir, 'staged-files');
const file = (bytes: Buffer, name = 'photo.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

beforeAll(async () => {
  receiver = await startUploadReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'transfer-'));
  session = new AccountSession({
    account: { account_id: '00000000000000a1', server_url: receiver.url, email: receiver.email, user_id: 7, realm_name: 'Test' },
    apiKey: receiver.api_key,
    mirrorPath: join(dir, 'mirror.db'),
    logger: silentLogger,
    snapshotMode: 'inline',
    onChanges: () => undefined,
    onStatus: () => undefined,
    onTyping: () => undefined,
    onUploadProgress: (progress) => progressListeners.forEach((listener) => listener(progress)),
  });
  const context = { activeSession: () => session, session: () => session, logger: silentLogger } as unknown as CoreContext;
  handlers = fileHandlers(context) as IpcHandlers;
  receiver.answerUploads(undefined);
});
afterEach(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a file staged and uploaded', () => {
  it('arrives whole, progress counting up both ways; asked again, it is not uploaded twice', async () => {
    const bytes = randomBytes(5 * STAGE_CHUNK_BYTES + 123);
    const staging: number[] = [];
    const staged = await transfer.stageFile(file(bytes, 'holiday photo.png'), (done) => staging.push(done));
    expect(staged).toEqual({ staged_id: expect.any(String), name: 'holiday photo.png', type: 'image/png', size: bytes.length });
    expect(staging).toEqual([1, 2, 3, 4, 5].map((n) => n * STAGE_CHUNK_BYTES).concat(bytes.length));
    expect(readFileSync(join(stagedDir(), staged.staged_id, 'file')).equals(bytes)).toBe(true);

    const sending: number[] = [];
    const uploaded = await transfer.uploadStaged(staged.staged_id, (sent, total) => {
      expect(total).toBe(bytes.length);
      sending.push(sent);
    });
    const arrived = receiver.uploads.at(-1)!;
    expect(arrived.bytes.equals(bytes)).toBe(true);
    expect(arrived.name).toBe('holiday photo.png');
    expect(uploaded).toEqual({ staged_id: staged.staged_id, url: arrived.path, filename: 'holiday photo.png' });
    expect(sending[0]).toBe(0);
    expect(sending.at(-1)).toBe(bytes.length);
    expect(uploadLink(uploaded.filename, uploaded.url)).toBe(`[holiday photo.png](${arrived.path})`);

    const uploads = receiver.uploads.length;
    await expect(transfer.uploadStaged(staged.staged_id)).resolves.toEqual(uploaded);
    expect(receiver.uploads.length).toBe(uploads);
    await transfer.discardStaged(staged.staged_id);
    expect(readdirSync(stagedDir())).toEqual([]);
  });

  it('tells its staging progress in the chunks’ order when main answers the short last chunk first', async () => {
    const bytes = randomBytes(2 * STAGE_CHUNK_BYTES + 10);
    let lastAnswered!: () => void;
    const last = new Promise<void>((resolve) => (lastAnswered = resolve));
    // The middle chunk's answer is held until the last one has been answered.
    const reordering = {
      ...ipc,
      async call(channel: IpcChannel, args: unknown) {
        const answer = await ipc.call(channel, args);
        const offset = channel === 'files.stageChunk' ? (args as { offset: number }).offset : -1;
        if (offset === 2 * STAGE_CHUNK_BYTES) lastAnswered();
        if (offset === STAGE_CHUNK_BYTES) await last;
        return answer;
      },
    };
    const progress: number[] = [];
    await fileTransfer(reordering as never, toBase64).stageFile(file(bytes), (done) => progress.push(done));
    expect(progress).toEqual([STAGE_CHUNK_BYTES, 2 * STAGE_CHUNK_BYTES, bytes.length]);
  });

  it('leaves nothing staged when its staging is aborted midway', async () => {
    const controller = new AbortController();
    const staging = transfer.stageFile(file(randomBytes(8 * STAGE_CHUNK_BYTES)), (done) => {
      if (done >= 2 * STAGE_CHUNK_BYTES) controller.abort();
    }, controller.signal);
    await expect(staging).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => readdirSync(stagedDir())).toEqual([]);
  });

  it('is not uploaded when its upload is cancelled; the staged file stays for another try', async () => {
    const staged = await transfer.stageFile(file(randomBytes(MiB)));
    // The server takes the bytes but keeps its answer: the upload is under way until cancelled.
    let taken!: () => void;
    const bytesTaken = new Promise<void>((resolve) => (taken = resolve));
    receiver.answerUploads((request) => {
      request.resume();
      request.on('end', taken);
    });
    const controller = new AbortController();
    const upload = transfer.uploadStaged(staged.staged_id, undefined, controller.signal);
    await bytesTaken;
    controller.abort();
    await expect(upload).rejects.toMatchObject({ code: 'CANCELLED', message: 'The upload of “photo.png” was cancelled.' });
    receiver.answerUploads(undefined);
    const uploads = receiver.uploads.length;
    await expect(transfer.uploadStaged(staged.staged_id)).resolves.toMatchObject({ filename: 'photo.png' });
    expect(receiver.uploads.length).toBe(uploads + 1);
  });

  it("is refused before a byte leaves when over the server's limit, with the limit in the message", async () => {
    setRealmValues(session.db, { max_file_upload_size_mib: 1 });
    const connections = receiver.connections;
    const refused = transfer.stageFile(file(Buffer.alloc(MiB + 1), 'scan.pdf', 'application/pdf'));
    await expect(refused).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: "“scan.pdf” (1.0 MiB) is over the server's limit of 1 MiB." });
    // Staged under the limit, then the organization lowers it (a realm event): refused at upload.
    const staged = await transfer.stageFile(file(Buffer.alloc(MiB), 'scan.pdf'));
    setRealmValues(session.db, { realm_max_file_upload_size_mib: 0 });
    await expect(transfer.uploadStaged(staged.staged_id)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: '“scan.pdf” was not sent: this organization accepts no uploaded files.' });
    expect(receiver.connections).toBe(connections);
  });
});

describe('the chunk call', () => {
  it('fits one IPC call at its largest', () => {
    expect(ipcSize({ staged_id: 'f'.repeat(32), offset: Number.MAX_SAFE_INTEGER, data: 'A'.repeat(STAGE_CHUNK_BASE64) })).toBeLessThan(IPC_ARGUMENT_MAX_BYTES);
  });

  it('refuses what is not base64, or more than a chunk, before main reads it', async () => {
    const { staged_id } = (await ipc.call('files.stageBegin', { name: 'x', size: 10 * MiB, type: '' })) as { staged_id: string };
    await expect(ipc.call('files.stageChunk', { staged_id, offset: 0, data: 'not base64!!' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(ipc.call('files.stageChunk', { staged_id, offset: 0, data: 'A'.repeat(STAGE_CHUNK_BASE64 + 4) })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(ipc.call('files.stageChunk', { staged_id: '../../etc', offset: 0, data: 'AAAA' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(ipc.call('files.stageChunk', { staged_id, offset: 0, data: 'AAAA' })).resolves.toEqual({ received: 3 });
  });
});
