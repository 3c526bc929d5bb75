// A local HTTP server that answers the client with what a real server of the family sent
// (real-exchanges.ts): the captured registration, then the captured batch of events once, then
// long polls that wait until the client lets go. What the client asked is recorded, and anything
// the recording has no answer for is answered 404 and counted as unexpected.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerAsCaptured } from './real-exchanges';

export interface ReplayServer {
  url: string;
  /** `METHOD /path` of every request, in order (queries left out). */
  requests: string[];
  /** Requests the recording has no answer for. */
  unexpected: string[];
  /** Answers the next GET /events with this captured exchange instead of the batch (bad_queue, say). */
  nextEventsAnswer(name: string): void;
  close(): Promise<void>;
}

/** The captured exchange answering each request the replay expects. */
const ROUTES: Record<string, string> = {
  'GET /api/v1/server_settings': 'server_settings',
  'POST /api/v1/register': 'register_full',
  'GET /api/v1/users/me': 'own_user',
  'GET /api/v1/messages': 'messages_fetch',
};

export async function startReplayServer(): Promise<ReplayServer> {
  const requests: string[] = [];
  const unexpected: string[] = [];
  const sockets = new Set<Socket>();
  const eventsAnswers: string[] = ['events_after_actions'];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const route = `${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`;
      requests.push(route);
      if (route === 'GET /api/v1/events') {
        const next = eventsAnswers.shift();
        // Nothing more happened on the recorded server: the poll is left waiting, as a real long poll is.
        if (next !== undefined) answerAsCaptured(res, next);
        return;
      }
      if (route === 'DELETE /api/v1/events') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
        return;
      }
      const name = ROUTES[route];
      if (name !== undefined) return answerAsCaptured(res, name);
      unexpected.push(route);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"result":"error","msg":"Not in the recording","code":"NOT_FOUND"}');
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
    unexpected,
    nextEventsAnswer: (name) => eventsAnswers.unshift(name),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
