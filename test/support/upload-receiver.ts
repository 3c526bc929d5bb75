// A server on 127.0.0.1 that takes uploads as real servers of the family do (reference/real:
// POST /api/v1/user_uploads, multipart/form-data with one file, answered with `uri`, `url` and
// `filename`), and serves them back at GET /user_uploads/... to the same Basic credentials.
// Tests read what arrived; a test may also make it answer otherwise (a proxy's 413, say).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedUpload {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
  path: string;
}

export interface UploadReceiver {
  url: string;
  /** The only credentials it admits. */
  email: string;
  api_key: string;
  authorization: string;
  /** Uploads that arrived whole, in order. */
  uploads: ReceivedUpload[];
  /** TCP connections opened to this server so far. */
  connections: number;
  /** Body bytes read by POST requests so far, whole or not. */
  bodyBytes: number;
  /** Replaces how uploads are answered (called once the request's headers arrived, before its body is read). */
  answerUploads(answer: ((request: IncomingMessage, response: ServerResponse) => void) | undefined): void;
  close(): Promise<void>;
}

/** One file of a multipart/form-data body (the first part with a filename). */
export function parseMultipart(contentType: string, body: Buffer): Omit<ReceivedUpload, 'path'> | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const start = body.indexOf(delimiter);
  const headersEnd = body.indexOf('\r\n\r\n', start);
  const end = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
  if (start < 0 || headersEnd < 0 || end < 0) return undefined;
  const headers = body.subarray(start + delimiter.length, headersEnd).toString('utf8');
  const disposition = /content-disposition: *form-data; *name="([^"]*)"; *filename="([^"]*)"/i.exec(headers);
  if (!disposition) return undefined;
  return {
    field: disposition[1]!,
    name: disposition[2]!,
    type: /content-type: *([^\r\n]+)/i.exec(headers)?.[1] ?? '',
    bytes: body.subarray(headersEnd + 4, end),
  };
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startUploadReceiver(): Promise<UploadReceiver> {
  const email = 'ada@example.com';
  const api_key = randomBytes(16).toString('hex');
  const authorization = `Basic ${Buffer.from(`${email}:${api_key}`).toString('base64')}`;
  const stored = new Map<string, ReceivedUpload>();
  const sockets = new Set<Socket>();
  let answer: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.headers.authorization !== authorization) return json(response, 401, { result: 'error', msg: 'Malformed API key', code: 'UNAUTHORIZED' });
    if (request.method === 'POST' && path === '/api/v1/user_uploads') {
      if (answer) return answer(request, response);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => {
        receiver.bodyBytes += chunk.length;
        chunks.push(chunk);
      });
      request.on('end', () => {
        const file = parseMultipart(request.headers['content-type'] ?? '', Buffer.concat(chunks));
        if (!file) return json(response, 400, { result: 'error', msg: 'You must specify a file to upload', code: 'BAD_REQUEST' });
        const url = `/user_uploads/2/${randomBytes(1).toString('hex')}/${randomBytes(12).toString('base64url')}/${encodeURIComponent(file.name.replace(/[^\w.-]+/g, '-'))}`;
        const upload = { ...file, path: url };
        receiver.uploads.push(upload);
        stored.set(url, upload);
        json(response, 200, { result: 'success', msg: '', uri: url, url, filename: file.name });
      });
      return;
    }
    const upload = request.method === 'GET' ? stored.get(path) : undefined;
    if (!upload) return json(response, 404, { result: 'error', msg: 'Not found', code: 'NOT_FOUND' });
    response.writeHead(200, { 'content-type': upload.type, 'content-length': String(upload.bytes.length) }).end(upload.bytes);
  });
  server.on('connection', (socket) => {
    receiver.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: UploadReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    email,
    api_key,
    authorization,
    uploads: [],
    connections: 0,
    bodyBytes: 0,
    answerUploads: (next) => void (answer = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
