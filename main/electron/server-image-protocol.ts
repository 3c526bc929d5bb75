// server-image://<account_id>/<path>: the renderer shows server images (avatars, realm icon)
// through main, which fetches them with the account's key; the key never reaches the DOM.
import type { Protocol } from 'electron';
import type { Logger } from '../api/logger';
import type { AppCore } from '../app/core';
import { SERVER_IMAGE_SCHEME } from './app-url';

// Should an image answer ever be navigated to as a document, it can run nothing.
const SECURITY_HEADERS = { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Content-Type-Options': 'nosniff' };

export function serverImageHandler(core: Pick<AppCore, 'serverImage'>, logger: Logger): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET') return answer(405);
    const url = new URL(request.url);
    if (url.protocol !== `${SERVER_IMAGE_SCHEME}:` || url.host === '') return answer(404);
    try {
      const served = await core.serverImage(url.host, `${url.pathname}${url.search}`);
      return new Response(served.body instanceof Uint8Array ? new Uint8Array(served.body) : served.body, { status: served.status, headers: { ...served.headers, ...SECURITY_HEADERS } });
    } catch (error) {
      logger.warn('A server image could not be served', { error: error instanceof Error ? error.message : String(error) });
      return answer(502);
    }
  };
}

export function registerServerImageProtocol(protocol: Pick<Protocol, 'handle'>, core: Pick<AppCore, 'serverImage'>, logger: Logger): void {
  protocol.handle(SERVER_IMAGE_SCHEME, serverImageHandler(core, logger));
}

function answer(status: number): Response {
  return new Response(null, { status, headers: SECURITY_HEADERS });
}
