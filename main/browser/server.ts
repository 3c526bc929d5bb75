import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../api/logger';
import { readBundleFile } from '../app/bundle-files';
import type { AppCore } from '../app/core';
import { dispatch } from '../handlers/dispatch';
import { BROWSER_CSP } from '../security/csp';

export interface BrowserModeOptions {
  core: AppCore;
  /** The renderer build (out/renderer). */
  rendererDir: string;
  logger: Logger;
  port?: number;
}

export interface BrowserMode {
  /** Open this in a browser: it carries the session's token. */
  url: string;
  origin: string;
  /** CSP violations the page reported (report-uri), newest last. */
  cspReports: unknown[];
  close(): Promise<void>;
}

const COOKIE = 'teamchat_session';

/** The Electron window's policy (browser variant: its one connection is its own WebSocket), plus a report endpoint. */
const BROWSER_MODE_CSP = `${BROWSER_CSP}; report-uri /csp-report`;

/**
 * Browser mode: the renderer build and the IPC of the same core, served on 127.0.0.1 only.
 * A random token in the URL admits the browser (then an HttpOnly cookie carries it), and the
 * WebSocket also checks the page's Origin, so other local pages and processes are shut out.
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const token = randomBytes(32).toString('base64url');
  const cspReports: unknown[] = [];
  let origin = '';

  const hasToken = (request: IncomingMessage, url: URL): boolean => {
    const given = url.searchParams.get('token') ?? cookieValue(request.headers.cookie, COOKIE) ?? '';
    return given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.logger.error('browser mode request failed', { error: String(error) });
      if (!response.headersSent) send(response, 500, 'text/plain', 'Internal error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'POST' && url.pathname === '/csp-report') {
      cspReports.push(JSON.parse((await readBody(request, 64 * 1024)) || 'null'));
      options.logger.warn('content security policy violation reported');
      return send(response, 204, 'text/plain', '');
    }
    if (request.method !== 'GET') return send(response, 405, 'text/plain', 'Method not allowed');
    if (!hasToken(request, url)) return send(response, 403, 'text/plain', 'Open the URL the app printed: it carries the access token.');
    const headers: Record<string, string> = {
      'set-cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      'content-security-policy': BROWSER_MODE_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
    const image = /^\/server-image\/([0-9a-f]{16})(\/.*)$/.exec(url.pathname);
    if (image) {
      const served = await options.core.serverImage(image[1]!, `${image[2]!}${url.search}`);
      response.writeHead(served.status, { ...headers, ...served.headers });
      return void response.end(served.body);
    }
    const file = await readBundleFile(options.rendererDir, url.pathname);
    if (!file) return send(response, 404, 'text/plain', 'Not found');
    response.writeHead(200, { ...headers, 'content-type': file.type });
    response.end(file.body);
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname !== '/ipc' || request.headers.origin !== origin || !hasToken(request, url)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveIpc(ws));
  });

  function serveIpc(ws: WebSocket): void {
    const unsubscribe = options.core.onNotice((notice, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ notice, payload }));
    });
    ws.on('close', unsubscribe);
    ws.on('message', (data) => {
      let message: { id?: unknown; channel?: unknown; args?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null || typeof message.id !== 'number') return;
      void dispatch(options.core.handlers, message.channel, message.args, options.logger).then((envelope) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, envelope }));
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    cspReports,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
