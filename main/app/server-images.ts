import { readCappedBody } from '../api/capped-body';
import type { ServedFile } from './core';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Enough for a server that moves its files (e.g. /avatar/7 to /user_avatars/...); more is a loop. */
const MAX_REDIRECTS = 3;

const notFound = (): ServedFile => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Not found') });

export interface OwnImageRequest {
  url: URL;
  headers: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
}

/**
 * An image at `url`, following redirects only on its own origin (a redirect elsewhere could
 * track the user, or feed them anything), at most `maxBytes` of it, never SVG (which can carry
 * script). Undefined when it is none of that.
 */
export async function fetchOwnImage(request: OwnImageRequest, fetchImpl: typeof fetch): Promise<{ type: string; body: Uint8Array } | undefined> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let url = request.url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await fetchImpl(url, { headers: request.headers, signal, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    const type = response.headers.get('content-type') ?? '';
    if (location === null && response.ok && type.startsWith('image/') && !type.includes('svg')) {
      const body = await readCappedBody(response, request.maxBytes);
      return body && { type, body };
    }
    await response.body?.cancel();
    const next = location === null ? null : URL.parse(location, url);
    if (next?.origin !== request.url.origin) return undefined;
    url = next;
  }
  return undefined;
}

/**
 * An image of the account's server (avatar, realm icon) fetched with the account's credentials,
 * so the key never reaches the renderer. Only paths on that server.
 */
export async function fetchServerImage(
  server_url: string,
  path: string,
  authorization: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ServedFile> {
  const base = new URL(server_url.endsWith('/') ? server_url : `${server_url}/`);
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return notFound();
  }
  if (url.origin !== base.origin || !path.startsWith('/') || path.startsWith('//')) return notFound();
  try {
    const image = await fetchOwnImage({ url, headers: { authorization }, maxBytes: MAX_IMAGE_BYTES, timeoutMs: 15_000 }, fetchImpl);
    if (!image) return notFound();
    return { status: 200, headers: { 'content-type': image.type, 'cache-control': 'private, max-age=3600' }, body: image.body };
  } catch {
    return notFound();
  }
}
