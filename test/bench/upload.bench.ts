// Issue 25 figures: a 20 MB file uploaded from where the app stages it to the server's answer
// (files.upload over browser mode's IPC WebSocket, the account session's upload streaming it
// from disk as multipart), against a bare multipart POST of the same file (fetch with a FormData
// of the file as a Blob read from disk); and the same file staged through the IPC chunk path
// (the renderer's stageFile: files.stageBegin, its base64 chunks, files.stageFinish over the
// WebSocket) against a bare
// write of its bytes to a file, made durable as staging makes it. The server is a plain local
// one that takes the family's multipart upload (test/support/upload-receiver.ts): the
// simulator's uploads are not there yet.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { openAsBlob, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { WebSocket } from 'ws';
import { silentLogger } from '../../main/api/logger';
import type { AppCore } from '../../main/app/core';
import { AccountSession } from '../../main/app/session';
import { startBrowserMode } from '../../main/browser/server';
import type { CoreContext } from '../../main/handlers/context';
import type { IpcHandlers } from '../../main/handlers/dispatch';
import { fileHandlers } from '../../main/handlers/files';
import { STAGE_CHUNK_BYTES, type IpcNotice, type IpcNotices } from '../../shared/ipc';
import { launchChromium } from '../e2e/harness';
import { startUploadReceiver } from '../support/upload-receiver';
import { median, report, scratchDir, timed } from './support';

const MB = 1_000_000;
const FILE_BYTES = 20 * MB;
const ROUNDS = 7;

type Listener = <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;

/**
 * The bench's page, served by browser mode: the renderer's staging and encoder (transfer.ts and
 * base64.ts, bundled) over a WebSocket bridge as the renderer's own (lib/bridge.ts).
 * `stageBench(size, rounds)` stages a file of random bytes `rounds` times (after one to warm up)
 * and answers each staging's ms.
 */
const BENCH_PAGE = `import { fileTransfer } from './transfer.js';
import { readAsBase64 } from './base64.js';
const token = new URLSearchParams(location.search).get('token');
const socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ipc?token=' + encodeURIComponent(token));
const opened = new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
const pending = new Map();
let nextId = 1;
socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data));
  if (message.id !== undefined) pending.get(message.id)?.(message.envelope);
});
async function call(channel, args) {
  await opened;
  const id = nextId++;
  const answer = new Promise((resolve) => pending.set(id, resolve));
  socket.send(JSON.stringify({ id, channel, args }));
  const envelope = await answer;
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value;
}
const transfer = fileTransfer({ call, onNotice: () => () => undefined }, readAsBase64);
window.stageBench = async (size, rounds) => {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(offset + 65536, size)));
  const file = new File([bytes], 'bench.bin', { type: 'application/octet-stream' });
  const times = [];
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const staged = await transfer.stageFile(file);
    if (round > 0) times.push(performance.now() - started);
    await call('files.discard', { staged_id: staged.staged_id });
  }
  return times;
};
`;

/** The bench's page, and the renderer's modules it uses bundled beside it, in `dir`. */
async function writeBenchPage(dir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: join(dir, 'assets'),
      emptyOutDir: false,
      minify: false,
      lib: {
        entry: Object.fromEntries(['transfer', 'base64'].map((name) => [name, join(import.meta.dirname, '..', '..', 'renderer', 'src', 'files', `${name}.ts`)])),
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  });
  writeFileSync(join(dir, 'assets', 'bench.js'), BENCH_PAGE);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Upload bench</title><script type="module" src="/assets/bench.js"></script>');
}

/** A node-side caller of browser mode's IPC, for the upload itself. */
async function connect(url: string): Promise<{ call: (channel: string, args: unknown) => Promise<unknown>; close: () => void }> {
  const origin = new URL(url).origin;
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${new URL(url).searchParams.get('token')}`, { origin });
  await once(ws, 'open');
  const pending = new Map<number, (envelope: { ok: boolean; value?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; envelope?: { ok: boolean; value?: unknown; error?: { message: string } } };
    if (message.id !== undefined && message.envelope) pending.get(message.id)?.(message.envelope);
  });
  let next = 1;
  return {
    call: (channel, args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, (envelope) => (envelope.ok ? resolve(envelope.value) : reject(new Error(`${channel}: ${envelope.error?.message}`))));
        ws.send(JSON.stringify({ id, channel, args }));
      }),
    close: () => ws.close(),
  };
}

export async function uploadBenchmarks(): Promise<void> {
  const scratch = scratchDir();
  const receiver = await startUploadReceiver();
  const listeners = new Set<Listener>();
  const session = new AccountSession({
    account: { account_id: '00000000000000b1', server_url: receiver.url, email: receiver.email, user_id: 1, realm_name: 'Bench' },
    apiKey: receiver.api_key,
    mirrorPath: join(scratch.path, 'mirror.db'),
    logger: silentLogger,
    snapshotMode: 'inline',
    onChanges: () => undefined,
    onStatus: () => undefined,
    onTyping: () => undefined,
    onUploadProgress: (progress) => listeners.forEach((listener) => listener('files.progress', progress)),
  });
  const context = { activeSession: () => session, session: () => session, logger: silentLogger } as unknown as CoreContext;
  const core: AppCore = {
    handlers: fileHandlers(context) as IpcHandlers,
    onNotice: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    serverImage: async () => ({ status: 404, headers: {}, body: new Uint8Array() }),
    download: async () => ({ status: 404, headers: {}, body: new Uint8Array() }),
    networkChanged: () => undefined,
    shutdown: async () => undefined,
  };
  const pageDir = join(scratch.path, 'page');
  await writeBenchPage(pageDir);
  const browser = await startBrowserMode({ core, rendererDir: pageDir, logger: silentLogger });
  const page = await connect(browser.url);
  try {
    const bytes = randomBytes(FILE_BYTES);
    const path = join(scratch.path, 'file.bin');
    writeFileSync(path, bytes);

    const stage = async () =>
      timed(async () => {
        const { staged_id } = (await page.call('files.stageBegin', { name: 'bench.bin', size: FILE_BYTES, type: 'application/octet-stream' })) as { staged_id: string };
        for (let offset = 0; offset < FILE_BYTES; offset += STAGE_CHUNK_BYTES) {
          await page.call('files.stageChunk', { staged_id, offset, data: bytes.subarray(offset, offset + STAGE_CHUNK_BYTES).toString('base64') });
        }
        await page.call('files.stageFinish', { staged_id });
        return staged_id;
      });

    const appUpload = async () => {
      const staged = await stage();
      const { ms } = await timed(() => page.call('files.upload', { staged_id: staged.value }));
      await page.call('files.discard', { staged_id: staged.value });
      return ms;
    };
    const bareUpload = async () =>
      (
        await timed(async () => {
          const form = new FormData();
          form.append('filename', await openAsBlob(path, { type: 'application/octet-stream' }), 'bench.bin');
          const answer = await fetch(`${receiver.url}/api/v1/user_uploads`, { method: 'POST', headers: { authorization: receiver.authorization }, body: form });
          await answer.json();
        })
      ).ms;
    const bareWrite = async () =>
      (
        await timed(async () => {
          const handle = await open(join(scratch.path, 'bare.bin'), 'w');
          await handle.write(bytes);
          await handle.sync();
          await handle.close();
        })
      ).ms;

    // Warm both paths (JIT, connections) before measuring.
    await appUpload();
    await bareUpload();
    await bareWrite();
    const floors: number[] = [];
    const uploads: number[] = [];
    const writes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floors.push(await bareUpload());
      uploads.push(await appUpload());
      writes.push(await bareWrite());
    }
    const chromium = await launchChromium();
    const stagings = await chromium
      .newPage()
      .then(async (tab) => {
        await tab.goto(browser.url);
        await tab.waitForFunction('typeof window.stageBench === "function"');
        return (await tab.evaluate(`window.stageBench(${FILE_BYTES}, ${ROUNDS})`)) as number[];
      })
      .finally(() => chromium.close());
    if (receiver.uploads.some((upload) => upload.bytes.length !== FILE_BYTES)) throw new Error('an upload arrived cut short');
    const rate = (ms: number) => FILE_BYTES / MB / (ms / 1000);
    report('upload.mb_per_s', rate(median(uploads)), 'MB/s', { compare: { vs: rate(median(floors)), floor: 'bare-multipart-fetch' }, n: uploads.length, extra: { file_mb: FILE_BYTES / MB, server: 'local-multipart' } });
    report('upload.stage_mb_per_s', rate(median(stagings)), 'MB/s', { compare: { vs: rate(median(writes)), floor: 'bare-file-write' }, n: stagings.length, extra: { file_mb: FILE_BYTES / MB, path: 'chromium-browser-mode' } });
  } finally {
    page.close();
    await browser.close();
    await session.close();
    await receiver.close();
    scratch.remove();
  }
}
