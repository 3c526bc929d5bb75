import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import type { IpcArgs } from '../../shared/ipc';
import { CSP_REPORT_MAX_BYTES, CSP_REPORTS_KEPT, IPC_FRAME_MAX_BYTES } from '../../shared/ipc-limits';
import type { Logger } from '../api/logger';
import { readBundleFile } from '../app/bundle-files';
import type { AppCore, ServedFile } from '../app/core';
import { CallLimit } from '../handlers/call-limit';
import { dispatch } from '../handlers/dispatch';
import { newAccessToken } from '../security/access-token';
import { BROWSER_CSP } from '../security/csp';
import { readCspReport } from './csp-report';

export interface BrowserModeOptions {
  core: AppCore;
  /** The renderer build (out/renderer). */
  rendererDir: string;
  logger: Logger;
  port?: number;
}

export type CspViolation = IpcArgs<'security.cspViolation'>;

export interface BrowserMode {
  /** Open this in a browser: it carries the session's token. */
  url: string;
  origin: string;
  /** CSP violations the page reported (report-uri): how many, and the latest few, newest last. */
  cspReports: { count: number; latest: CspViolation[] };
  close(): Promise<void>;
}

/**
 * Browser mode: the renderer build and the IPC of the same core, served on 127.0.0.1 only.
 * The page is served only with the random token of its URL, and passes that token itself to its
 * IPC WebSocket (which also checks the page's Origin) and to its server images. No cookie carries
 * it: cookies ignore ports, so every other loopback server the browser visits would receive one.
 * Requests naming another host than 127.0.0.1:<port> are refused (DNS rebinding).
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const token = newAccessToken();
  // The page's CSP header carries this one; it admits reports only, never the IPC.
  const reportKey = newAccessToken();
  const pageCsp = `${BROWSER_CSP}; report-uri /csp-report?key=${reportKey.value}`;
  const cspReports: BrowserMode['cspReports'] = { count: 0, latest: [] };
  let origin = '';
  let host = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.logger.error('browser mode request failed', { error: String(error) });
      if (!response.headersSent) send(response, 500, 'Internal error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.host !== host) return send(response, 403, 'Forbidden');
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'POST' && url.pathname === '/csp-report') {
      if (!reportKey.admits(url.searchParams.get('key'))) return send(response, 403, 'Forbidden');
      const report = await readCspReport(request, CSP_REPORT_MAX_BYTES);
      if (report === 'too large') return send(response, 413, 'Too large');
      if (report === 'invalid') return send(response, 400, 'Not a CSP report');
      cspReports.count++;
      cspReports.latest = [...cspReports.latest.slice(1 - CSP_REPORTS_KEPT), report];
      // Logged as the Electron shell logs the reports its renderer sends over IPC.
      await dispatch(options.core.handlers, 'security.cspViolation', report, options.logger);
      return send(response, 204, '');
    }
    if (request.method !== 'GET') return send(response, 405, 'Method not allowed');
    const headers: Record<string, string> = {
      'content-security-policy': BROWSER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
    const image = /^\/server-image\/([^/]+)\/([0-9a-f]{16})(\/.*)$/.exec(url.pathname);
    if (image) {
      if (!token.admits(image[1])) return send(response, 403, 'Forbidden');
      return serve(response, headers, await options.core.serverImage(image[2]!, `${image[3]!}${url.search}`));
    }
    // A file saved in browser mode (files.save): its one-time address is its only admission, so
    // that the address kept in the browser's downloads list carries no token.
    const download = /^\/download\/([0-9a-f]{32})$/.exec(url.pathname);
    if (download) return serve(response, headers, await options.core.download(download[1]!));
    const file = await readBundleFile(options.rendererDir, url.pathname);
    if (!file) return send(response, 404, 'Not found');
    // The page needs the token; the scripts and styles it loads are the public bundle.
    if (file.type.startsWith('text/html')) {
      if (!token.admits(url.searchParams.get('token'))) return send(response, 403, 'Open the URL the app printed: it carries the access token.');
      headers['content-security-policy'] = pageCsp;
    }
    response.writeHead(200, { ...headers, 'content-type': file.type });
    response.end(file.body);
  }

  /** A served file, whole or streamed as it comes; a stream broken midway (a cap, the server, the browser) just ends. */
  async function serve(response: ServerResponse, headers: Record<string, string>, served: ServedFile): Promise<void> {
    response.writeHead(served.status, { ...headers, ...served.headers });
    if (served.body instanceof Uint8Array) return void response.end(served.body);
    await pipeline(served.body, response).catch((error: unknown) => {
      options.logger.warn('a file served by browser mode stopped midway', { error: error instanceof Error ? error.message : String(error) });
    });
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: IPC_FRAME_MAX_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', (error) => options.logger.warn('browser mode connection failed', { error: error.message }));
    try {
      const url = new URL(request.url ?? '/', origin);
      const admitted = request.headers.host === host && url.pathname === '/ipc' && request.headers.origin === origin && token.admits(url.searchParams.get('token'));
      if (admitted) return sockets.handleUpgrade(request, socket, head, (ws) => serveIpc(ws));
    } catch (error) {
      options.logger.error('browser mode upgrade failed', { error: String(error) });
    }
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });

  function serveIpc(ws: WebSocket): void {
    const unsubscribe = options.core.onNotice((notice, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ notice, payload }));
    });
    ws.on('close', unsubscribe);
    const limit = new CallLimit();
    // A frame over maxPayload, or a broken one, ends this connection only (ws closes it).
    ws.on('error', (error) => options.logger.warn('browser mode IPC connection closed', { error: error.message }));
    ws.on('message', (data) => {
      let message: { id?: unknown; channel?: unknown; args?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null || typeof message.id !== 'number') return;
      void dispatch(options.core.handlers, message.channel, message.args, options.logger, limit).then((envelope) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, envelope }));
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  origin = `http://${host}`;
  return {
    url: `${origin}/?token=${token.value}`,
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

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain' });
  response.end(body);
}
