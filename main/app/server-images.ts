import { readCappedBody } from '../api/capped-body';
import type { ServedFile } from './core';

/** A served answer held whole: the images shown inline are small. */
export type WholeFile = ServedFile & { body: Uint8Array };

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Enough for a server that moves its files (e.g. /avatar/7 to /user_avatars/...); more is a loop. */
const MAX_REDIRECTS = 3;

export const notFound = (): WholeFile => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Not found') });

export interface OwnImageRequest {
  url: URL;
  headers: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
}

/**
 * The answer at `url` when it is a success, following redirects only on its own origin (a
 * redirect elsewhere could track the user, or feed them anything); undefined otherwise, its body
 * dropped.
 */
export async function fetchOnOrigin(
  url: URL,
  init: { headers: Record<string, string>; signal: AbortSignal; method?: 'GET' | 'HEAD' },
  fetchImpl: typeof fetch,
): Promise<Response | undefined> {
  let next: URL | null = url;
  for (let hop = 0; hop <= MAX_REDIRECTS && next?.origin === url.origin; hop += 1) {
    const response: Response = await fetchImpl(next, { ...init, redirect: 'manual' });
    const location: string | null = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null && response.ok) return response;
    await response.body?.cancel();
    next = location === null ? null : URL.parse(location, next);
  }
  return undefined;
}

/** Images the app shows: never SVG, which can carry script. */
export function isShownImageType(type: string): boolean {
  return type.startsWith('image/') && !type.includes('svg');
}

/** An image at `url` (fetchOnOrigin), at most `maxBytes` of it, never SVG; undefined when it is none of that. */
export async function fetchOwnImage(request: OwnImageRequest, fetchImpl: typeof fetch): Promise<{ type: string; body: Uint8Array } | undefined> {
  const response = await fetchOnOrigin(request.url, { headers: request.headers, signal: AbortSignal.timeout(request.timeoutMs) }, fetchImpl);
  if (!response) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!isShownImageType(type)) {
    await response.body?.cancel();
    return undefined;
  }
  const body = await readCappedBody(response, request.maxBytes);
  return body && { type, body };
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
): Promise<WholeFile> {
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
