// A hostile server on 127.0.0.1: answers of any declared or real size, streamed from one reused
// chunk (a 1 GiB answer is never built), and a record of how much of each the client took before
// it hung up, which is how a test sees that the client stopped reading.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(MiB, 'a');

export interface Stream {
  /** Bytes of body written before the client hung up or the body ended. */
  sent: number;
  /** Resolves once the client has hung up (or read the whole body). */
  closed: Promise<void>;
}

export type Route = (response: ServerResponse, path: string) => void;

export interface HostileServer {
  url: string;
  /** How many requests each path got. */
  hits: Map<string, number>;
  route(path: string, answer: Route): void;
  close(): Promise<void>;
}

/** Writes `prefix`, then `total` bytes of filler as fast as the client reads them, then `suffix`. */
export function streamBody(response: ServerResponse, headers: Record<string, string>, total: number, prefix = '', suffix = ''): Stream {
  const stream: Stream = { sent: 0, closed: Promise.resolve() };
  stream.closed = new Promise((resolve) => response.on('close', resolve));
  response.writeHead(200, headers);
  response.write(prefix);
  const pump = (): void => {
    while (stream.sent < total && !response.destroyed) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, total - stream.sent));
      stream.sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end(suffix);
  };
  pump();
  return stream;
}

export async function startHostileServer(): Promise<HostileServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = routes.get(path);
    if (answer) return answer(response, path);
    response.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    route: (path, answer) => void routes.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A small valid-looking PNG answer. */
export function png(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
}

export function redirect(location: string): Route {
  return (response) => void response.writeHead(302, { location }).end();
}
