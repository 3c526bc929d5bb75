// Files uploaded to the account's server (/user_uploads/...), fetched by main with the account's
// key, which never reaches the renderer. Only paths under /user_uploads/ of the account's own
// server; redirects only on its origin; the body is handed on as a stream that fails past a
// cap or when the server goes silent, so no file is ever held whole in memory.
import { isUploadThumbnailPath, userUploadPath } from '../../shared/api/uploads';
import type { FileFacts } from '../../shared/ipc';
import type { ServedFile } from './core';
import { fetchOnOrigin, isShownImageType, notFound } from './server-images';

/** Full-size images for the lightbox: far beyond any photo or screenshot, well within memory. */
export const FULL_IMAGE_MAX_BYTES = 64 * 1024 * 1024;
/** How long a server may stay silent while a file is fetched. */
export const UPLOAD_FETCH_IDLE_MS = 30_000;

export interface AccountServer {
  server_url: string;
  /** The account's Basic credentials. */
  authorization: string;
  fetch: typeof fetch;
}

/** Fetching an uploaded file failed, with a code for the renderer and a sentence for the user. */
export class UploadFetchError extends Error {
  constructor(
    readonly code: 'NOT_AN_UPLOAD' | 'NOT_FOUND' | 'TOO_LARGE' | 'STALLED' | 'UNREACHABLE' | 'NOT_SAVED',
    message: string,
  ) {
    super(message);
    this.name = 'UploadFetchError';
  }
}

/** The address of an uploaded file of the account's server from what a message links (userUploadPath); undefined for anything else. */
export function userUploadUrl(server_url: string, link: string): URL | undefined {
  const path = userUploadPath(server_url, link);
  return path === undefined ? undefined : new URL(path, server_url);
}

export interface OpenedUpload {
  /** The server's content type, as it said it. */
  type: string;
  /** The size the server declared, when it did. */
  length: number | undefined;
  /** The bytes, failing with an UploadFetchError past `maxBytes` or after a silence. */
  body: ReadableStream<Uint8Array>;
}

/** An uploaded file's answer, its body guarded; an UploadFetchError when there is none to have. */
export async function openUserUpload(server: AccountServer, url: URL, maxBytes: number, idleMs = UPLOAD_FETCH_IDLE_MS): Promise<OpenedUpload> {
  const controller = new AbortController();
  const stalled = new UploadFetchError('STALLED', 'The server stopped sending the file; try again.');
  const tooLarge = new UploadFetchError('TOO_LARGE', `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MiB the app takes from a server.`);
  const timer = setTimeout(() => controller.abort(stalled), idleMs);
  timer.unref();
  let response: Response | undefined;
  try {
    response = await fetchOnOrigin(url, { headers: { authorization: server.authorization }, signal: controller.signal }, server.fetch);
  } catch {
    clearTimeout(timer);
    throw controller.signal.aborted ? stalled : new UploadFetchError('UNREACHABLE', 'The server could not be reached; try again once online.');
  }
  if (!response?.body) {
    clearTimeout(timer);
    throw new UploadFetchError('NOT_FOUND', 'The server has no such file, or does not let this account see it.');
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    clearTimeout(timer);
    await response.body.cancel();
    throw tooLarge;
  }
  let received = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, stream) {
        timer.refresh();
        received += chunk.byteLength;
        if (received > maxBytes) stream.error(tooLarge);
        else stream.enqueue(chunk);
      },
      flush() {
        clearTimeout(timer);
      },
    }),
  );
  return { type: response.headers.get('content-type') ?? '', length: Number.isFinite(declared) ? declared : undefined, body };
}

/** How long the server may take to say what a file is. */
const DESCRIBE_TIMEOUT_MS = 15_000;

/** An uploaded file's content type and size as the server declares them (a HEAD request): nothing of it is fetched. */
export async function describeUserUpload(server: AccountServer, url: URL): Promise<FileFacts> {
  let response: Response | undefined;
  try {
    response = await fetchOnOrigin(url, { method: 'HEAD', headers: { authorization: server.authorization }, signal: AbortSignal.timeout(DESCRIBE_TIMEOUT_MS) }, server.fetch);
  } catch {
    throw new UploadFetchError('UNREACHABLE', 'The server could not be reached; try again once online.');
  }
  if (!response) throw new UploadFetchError('NOT_FOUND', 'The server has no such file, or does not let this account see it.');
  const size = Number(response.headers.get('content-length') ?? Number.NaN);
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return { type: type || null, size: Number.isSafeInteger(size) && size >= 0 ? size : null };
}

/**
 * An uploaded image at full size, for the lightbox: beyond the 5 MiB of the images shown inline
 * (thumbnails stay there), streamed, never SVG.
 */
export async function fetchFullImage(server: AccountServer, path: string): Promise<ServedFile> {
  const url = isUploadThumbnailPath(path) ? undefined : userUploadUrl(server.server_url, path);
  if (!url) return notFound();
  let image: OpenedUpload;
  try {
    image = await openUserUpload(server, url, FULL_IMAGE_MAX_BYTES);
  } catch {
    return notFound();
  }
  if (!isShownImageType(image.type)) {
    await image.body.cancel();
    return notFound();
  }
  const headers: Record<string, string> = { 'content-type': image.type, 'cache-control': 'private, max-age=3600' };
  if (image.length !== undefined) headers['content-length'] = String(image.length);
  return { status: 200, headers, body: image.body };
}
