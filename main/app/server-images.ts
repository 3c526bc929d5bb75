import type { ServedFile } from './core';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const notFound = (): ServedFile => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Not found') });

/**
 * An image of the account's server (avatar, realm icon) fetched with the account's credentials,
 * so the key never reaches the renderer. Only paths on that server, only images, not SVG
 * (which can carry script).
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
    const response = await fetchImpl(url, { headers: { authorization }, signal: AbortSignal.timeout(15_000) });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/') || type.includes('svg')) return notFound();
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > MAX_IMAGE_BYTES) return notFound();
    return { status: 200, headers: { 'content-type': type, 'cache-control': 'private, max-age=3600' }, body };
  } catch {
    return notFound();
  }
}
