// A tiny HTTP server on 127.0.0.1 that records every request and answers as each test says,
// so tests see exactly what the client puts on the wire.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface CapturedRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/v1/users?client_gravatar=false`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (request: CapturedRequest, response: ServerResponse) => void;

export interface CaptureServer {
  url: string;
  requests: CapturedRequest[];
  /** Replaces how the server answers. */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export const success: Responder = (_request, response) => json(response, 200, { result: 'success', msg: '' });

export async function startCaptureServer(responder: Responder = success): Promise<CaptureServer> {
  let current = responder;
  const requests: CapturedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(captured);
      current(captured, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The fields of a form body or query string, in order, decoded as the server would. */
export function fields(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}

/**
 * A fake clock. sleep() records how long was asked and resolves when virtual time reaches the
 * wake-up; time jumps to the earliest wake-up once every caller is waiting (after the microtasks
 * run out), so concurrent sleepers overlap as they would in real time.
 */
export function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  const sleeps: number[] = [];
  const sleepers: { wakeAt: number; wake: () => void }[] = [];
  let scheduled = false;
  const advanceToNext = (): void => {
    scheduled = false;
    sleepers.sort((a, b) => a.wakeAt - b.wakeAt);
    const next = sleepers.shift();
    if (next === undefined) return;
    now = Math.max(now, next.wakeAt);
    next.wake();
    schedule();
  };
  const schedule = (): void => {
    if (scheduled || sleepers.length === 0) return;
    scheduled = true;
    setImmediate(advanceToNext);
  };
  return {
    sleeps,
    now: () => now,
    sleep: (ms: number) => {
      sleeps.push(ms);
      return new Promise<void>((wake) => {
        sleepers.push({ wakeAt: now + ms, wake });
        schedule();
      });
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * A capture server for the enclosing file or describe block: started once, closed at the end,
 * its record cleared and its answer reset to success before each test.
 */
export function useCaptureServer(): CaptureServer {
  const server = {} as CaptureServer;
  beforeAll(async () => {
    Object.assign(server, await startCaptureServer());
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.respond(success);
  });
  return server;
}
