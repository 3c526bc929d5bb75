// One file to POST /user_uploads as multipart/form-data, streamed from disk: the body is the
// part's header, the file read in chunks as the socket takes them, and the closing boundary,
// with its length declared up front, so neither the file nor the body is ever held whole.
// Progress counts the file's bytes as they are handed to the socket; an abort or a stalled
// connection ends the request. The answer comes back raw, as the transport's do.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { AnswerTooLargeError, NetworkError, TimeoutError } from './errors';
import { systemErrorCode, type RawAnswer } from './transport';

/** A file on disk to upload, with the name and media type it is sent under. */
export interface UploadSource {
  path: string;
  name: string;
  type: string;
  size: number;
}

export interface UploadExchange {
  url: string;
  /** Credentials and user agent; the body's own headers are added here. */
  headers: Record<string, string>;
  source: UploadSource;
  signal: AbortSignal | undefined;
  /** The longest the connection may stay silent (nothing sent, nothing answered), in ms. */
  idleTimeoutMs: number;
  /** The file's bytes sent so far. */
  onProgress: ((sent: number) => void) | undefined;
  /** `METHOD /path-template`, for error messages. */
  request: string;
}

/** The form field real servers read the file from (their API documentation's `filename`). */
const FIELD = 'filename';
/** Chunks read from disk: large enough that loopback uploads run at the disk's pace. */
const READ_CHUNK_BYTES = 512 * 1024;
/** An upload's answer is a short JSON object; anything longer is not one. */
const MAX_UPLOAD_ANSWER_BYTES = 1024 * 1024;

/** A name inside a quoted multipart parameter, escaped as browsers do (HTML's form encoding). */
function quotedName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export async function sendUpload(exchange: UploadExchange): Promise<RawAnswer> {
  const { source, signal } = exchange;
  signal?.throwIfAborted();
  const boundary = `----TeamChatUpload${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${FIELD}"; filename="${quotedName(source.name)}"\r\nContent-Type: ${source.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(exchange.url);
  const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
    method: 'POST',
    headers: {
      ...exchange.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + source.size + tail.length),
    },
  });

  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    request.destroy();
  };
  const onAbort = () => fail(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  request.setTimeout(exchange.idleTimeoutMs, () => fail(new TimeoutError(exchange.request, exchange.idleTimeoutMs)));
  let response: IncomingMessage | undefined;
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', (incoming: IncomingMessage) => resolve((response = incoming)));
    request.once('error', reject);
    request.once('close', () => reject(new Error('The connection closed before an answer.')));
  });
  answered.catch(() => undefined);

  let sent = 0;
  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    if (source.size > 0) {
      const file = createReadStream(source.path, { start: 0, end: source.size - 1, highWaterMark: READ_CHUNK_BYTES });
      try {
        for await (const chunk of file) {
          if (!Buffer.isBuffer(chunk)) throw new TypeError('A file read gave no bytes.');
          sent += chunk.length;
          exchange.onProgress?.(sent);
          yield chunk;
        }
      } catch (error) {
        throw new UnreadableSourceError(error);
      }
    }
    if (sent !== source.size) throw new UnreadableSourceError(`it has ${sent} bytes, not the ${source.size} expected`);
    yield tail;
  }

  try {
    // The answer once the body is sent; or sooner, when the server answers (a refusal) while it
    // still comes; or, when sending it failed, the answer that failure may have cut short.
    const incoming = await Promise.race([
      answered,
      pipeline(body, request).then(
        () => answered,
        (error: unknown) => {
          if (failure !== undefined || error instanceof UnreadableSourceError) throw error;
          return answered;
        },
      ),
    ]);
    const text = await readAnswerText(incoming);
    if (text === undefined) throw new AnswerTooLargeError(exchange.request, MAX_UPLOAD_ANSWER_BYTES);
    return { status: incoming.statusCode ?? 0, statusText: incoming.statusMessage ?? '', headers: headersOf(incoming), text };
  } catch (error) {
    if (failure !== undefined) throw failure;
    if (error instanceof AnswerTooLargeError || error instanceof UnreadableSourceError) throw error;
    const { code, detail } = systemErrorCode(error);
    throw new NetworkError(exchange.request, code, detail);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Answered before the whole body went: the rest is not wanted.
    if (!request.writableFinished || !response?.complete) request.destroy();
  }
}

/** The file to upload could not be read whole (removed or changed on disk); nothing was uploaded. */
export class UnreadableSourceError extends Error {
  constructor(cause: unknown) {
    super(`The file to upload could not be read: ${cause instanceof Error ? cause.message : String(cause)}.`);
    this.name = 'UnreadableSourceError';
  }
}

/** The answer's text, or undefined when it is longer than an upload's answer can be. */
async function readAnswerText(incoming: IncomingMessage): Promise<string | undefined> {
  if (Number(incoming.headers['content-length'] ?? 0) > MAX_UPLOAD_ANSWER_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of incoming) {
    if (!Buffer.isBuffer(chunk)) continue;
    total += chunk.length;
    if (total > MAX_UPLOAD_ANSWER_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

const MiB = 1024 * 1024;

/** The largest file the server takes, in bytes, from its max_file_upload_size_mib. */
export function uploadLimitBytes(limitMib: number): number {
  return limitMib * MiB;
}

function sizeText(bytes: number): string {
  return bytes < MiB ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / MiB).toFixed(1)} MiB`;
}

/** Why a file over the server's limit was not sent, as a person reads it. */
export function overLimitMessage(source: Pick<UploadSource, 'name' | 'size'>, limitMib: number): string {
  if (limitMib <= 0) return `“${source.name}” was not sent: this organization accepts no uploaded files.`;
  return `“${source.name}” (${sizeText(source.size)}) is over the server's limit of ${limitMib} MiB.`;
}

/**
 * Why the server refused a file as too large (HTTP 413, often from a proxy in front of it whose
 * own limit is lower than the organization's): the server's reason when it gave one.
 */
export function refusedAsTooLargeMessage(source: Pick<UploadSource, 'name' | 'size'>, limitMib: number | undefined, serverMessage: string | undefined): string {
  const refused = `The server refused “${source.name}” (${sizeText(source.size)}) as too large`;
  if (serverMessage) return `${refused}: ${serverMessage}`;
  if (limitMib !== undefined && source.size > uploadLimitBytes(limitMib)) return `${refused}: it is over the server's limit of ${limitMib} MiB.`;
  return limitMib === undefined ? `${refused}.` : `${refused}, under the organization's limit of ${limitMib} MiB: the server's own limit is lower.`;
}
