// app://bundle/...: serves the renderer bundle directory and nothing else, with the
// Content-Security-Policy on every answer. No file:// (any page could read any file) and no
// remote origin.
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { ELECTRON_CSP } from '../security/csp';
import { resolveBundlePath } from '../security/bundle-path';
import { APP_HOST, APP_SCHEME } from './app-url';
import { contentTypeOf } from '../security/content-types';

const SECURITY_HEADERS = {
  'Content-Security-Policy': ELECTRON_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The protocol handler for the bundle at `rendererDir`. */
export function bundleHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed');
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return answer(404, 'Not found');
    const file = resolveBundlePath(rendererDir, url.pathname);
    if (file === null) return answer(404, 'Not found');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      // Missing, a directory, unreadable: the same answer, so nothing is learned about the disk.
      return answer(404, 'Not found');
    }
    const headers = { ...SECURITY_HEADERS, 'Content-Type': contentTypeOf(file) };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, bundleHandler(rendererDir));
}

function answer(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}
