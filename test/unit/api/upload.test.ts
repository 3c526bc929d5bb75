// POST /user_uploads over the client: the file arrives whole under its name and type, progress
// counts up to its size, an abort stops the bytes midway, a file over the server's limit is
// refused before a connection is even opened, and the server's refusals read as a person would
// say them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileTooLargeError, ServiceError } from '../../../main/api/errors';
import { UnexpectedAnswerError } from '../../../main/api/checked-answer';
import { ServiceClient } from '../../../main/api/service-client';
import { startUploadReceiver, type UploadReceiver } from '../../support/upload-receiver';

const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'upload-'));
let receiver: UploadReceiver;
let client: ServiceClient;

function file(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const path = join(dir, randomBytes(4).toString('hex'));
  writeFileSync(path, bytes);
  return { path, name, type, size: bytes.length };
}

beforeAll(async () => {
  receiver = await startUploadReceiver();
  client = new ServiceClient({ serverUrl: receiver.url, email: receiver.email, apiKey: receiver.api_key, pacing: false });
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => receiver.answerUploads(undefined));

describe('uploading a file', () => {
  it('sends its bytes, name and type as one multipart file, and answers where the server keeps it', async () => {
    const bytes = randomBytes(3 * MiB + 17);
    const sent: number[] = [];
    const answer = await client.upload(file('résumé 2026.pdf', bytes, 'application/pdf'), { onProgress: (count) => sent.push(count) });
    const arrived = receiver.uploads.at(-1)!;
    expect(arrived).toMatchObject({ field: 'filename', name: 'résumé 2026.pdf', type: 'application/pdf' });
    expect(arrived.bytes.equals(bytes)).toBe(true);
    expect(answer).toEqual({ url: arrived.path, filename: 'résumé 2026.pdf' });
    // Counted up as the bytes went, to the whole file.
    expect(sent.length).toBeGreaterThan(3);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(sent.at(-1)).toBe(bytes.length);
  });

  it('sends an empty file', async () => {
    const answer = await client.upload(file('empty.txt', Buffer.alloc(0), 'text/plain'));
    expect(receiver.uploads.at(-1)).toMatchObject({ name: 'empty.txt', bytes: Buffer.alloc(0) });
    expect(answer.url).toMatch(/^\/user_uploads\//);
  });

  it('stops sending when aborted midway: the server gets part of the file and no upload', async () => {
    const bytes = randomBytes(24 * MiB);
    const before = { uploads: receiver.uploads.length, bodyBytes: receiver.bodyBytes };
    const controller = new AbortController();
    const upload = client.upload(file('big.bin', bytes), {
      signal: controller.signal,
      onProgress: (count) => {
        if (count >= 2 * MiB) controller.abort(new Error('cancelled by the test'));
      },
    });
    await expect(upload).rejects.toThrow('cancelled by the test');
    expect(receiver.uploads.length).toBe(before.uploads);
    expect(receiver.bodyBytes - before.bodyBytes).toBeLessThan(bytes.length / 2);
  });

  it('refuses a file over the server limit before opening a connection, with the limit in its message', async () => {
    const before = receiver.connections;
    const upload = client.upload(file('video.mp4', Buffer.alloc(MiB + 1)), { limitMib: 1 });
    await expect(upload).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(upload).rejects.toThrow("“video.mp4” (1.0 MiB) is over the server's limit of 1 MiB.");
    expect(receiver.connections).toBe(before);
    // At the limit exactly, it goes.
    await expect(client.upload(file('fits.bin', Buffer.alloc(MiB)), { limitMib: 1 })).resolves.toMatchObject({ filename: 'fits.bin' });
  });

  it("reads a proxy's 413 as too large, with the limit the app knows, and stops sending when it comes", async () => {
    // As a proxy may: the refusal at once, the body left unread and the connection held, so that a
    // client still sending would wait for good.
    receiver.answerUploads((_request, response) => {
      const page = '<html><body>413 Request Entity Too Large</body></html>';
      response.writeHead(413, { 'content-type': 'text/html', 'content-length': String(page.length) });
      response.write(page);
    });
    let sent = 0;
    const refused = client.upload(file('huge.tiff', Buffer.alloc(64 * MiB)), { limitMib: 1024, onProgress: (count) => (sent = count) });
    await expect(refused).rejects.toBeInstanceOf(FileTooLargeError);
    // The refusal came as the request began: the rest of the file is not sent after it.
    expect(sent).toBeLessThan(32 * MiB);
    const upload = client.upload(file('scan.tiff', Buffer.alloc(2 * MiB)), { limitMib: 25 });
    await expect(upload).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(upload).rejects.toThrow("The server refused “scan.tiff” (2.0 MiB) as too large, under the organization's limit of 25 MiB: the server's own limit is lower.");
  });

  it("hands on the server's own reason for a refusal", async () => {
    receiver.answerUploads((_request, response) =>
      void response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'error', msg: "File is larger than this server's configured maximum upload size (100 MiB).", code: 'BAD_REQUEST' })),
    );
    const upload = client.upload(file('big.iso', Buffer.alloc(1024)));
    await expect(upload).rejects.toBeInstanceOf(ServiceError);
    await expect(upload).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: "File is larger than this server's configured maximum upload size (100 MiB)." });
  });

  it('takes an answer with only `uri` (older servers), and refuses one whose address is not an upload', async () => {
    const answerWith = (body: object) => (_request: unknown, response: import('node:http').ServerResponse) =>
      void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', msg: '', ...body }));
    receiver.answerUploads(answerWith({ uri: '/user_uploads/2/ab/x/old.txt' }));
    await expect(client.upload(file('old.txt', Buffer.from('old')))).resolves.toEqual({ url: '/user_uploads/2/ab/x/old.txt', filename: 'old.txt' });
    receiver.answerUploads(answerWith({ url: 'https://elsewhere.example/x.txt' }));
    await expect(client.upload(file('x.txt', Buffer.from('x')))).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
