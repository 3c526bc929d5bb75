// A proxy on 127.0.0.1 in front of a server that loses what a test asks it to lose: the answer to
// a message send after the server has stored the message (the connection is cut instead of
// answered, or answered 504 as a gateway that gave up waiting), the send itself, answered 503
// without reaching the server, message lookups (answered 504), or everything while the test has
// cut the line; and it can hold the event queue's answers back, so a message's event comes well
// after the answer to its send, or withhold events altogether.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyProxy {
  url: string;
  /** The next this-many message sends reach the server, whose answers are then lost. */
  loseAnswers: number;
  /** The next this-many message sends are answered 503 and never reach the server. */
  refuseSends: number;
  /** The next this-many message sends reach the server, whose answers are replaced by a 504. */
  timeOutSends: number;
  /** While set, reading messages (GET /messages, the lookups) is answered 504. */
  timeOutReads: boolean;
  /** While set, GET /events is answered with no events (the server keeps them for the next poll). */
  withholdEvents: boolean;
  /** Each answer to GET /events is held this many milliseconds before it is passed on. */
  delayEventsMs: number;
  /** Each answer to a message send or a file upload is held this many milliseconds: the server has done it, the app does not know yet. */
  delayWritesMs: number;
  /** Cuts the line: open connections (a long poll) are dropped and new ones refused, until mended. */
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

const isSend = (req: http.IncomingMessage) => req.method === 'POST' && /\/api\/v1\/messages(\?|$)/.test(req.url ?? '');
const isRead = (req: http.IncomingMessage) => req.method === 'GET' && /\/api\/v1\/messages(\?|$)/.test(req.url ?? '');
const isUpload = (req: http.IncomingMessage) => req.method === 'POST' && /\/api\/v1\/user_uploads(\?|$)/.test(req.url ?? '');
const isEvents = (req: http.IncomingMessage) => req.method === 'GET' && /\/api\/v1\/events(\?|$)/.test(req.url ?? '');

async function body(stream: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const upstream = new URL(target);
  let isCut = false;
  const server = http.createServer((req, res) => {
    if (isCut) {
      req.socket.destroy();
      return;
    }
    void (async () => {
      const payload = await body(req);
      if (isSend(req) && proxy.refuseSends > 0) {
        proxy.refuseSends -= 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'error', msg: 'Service temporarily unavailable' }));
        return;
      }
      if ((isRead(req) && proxy.timeOutReads) || (isEvents(req) && proxy.withholdEvents)) {
        const [status, answer] = isRead(req) ? [504, { result: 'error', msg: 'Gateway timeout' }] : [200, { result: 'success', msg: '', events: [] }];
        // An empty poll comes back after a moment, as a heartbeat would.
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          void body(answer).then(async (answered) => {
            if (isEvents(req) && proxy.delayEventsMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.delayEventsMs));
            if ((isSend(req) || isUpload(req)) && proxy.delayWritesMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.delayWritesMs));
            if (isSend(req) && proxy.loseAnswers > 0) {
              proxy.loseAnswers -= 1;
              req.socket.destroy();
              return;
            }
            // A poll under way when events were withheld: the client asks again for the same events later.
            if (isEvents(req) && proxy.withholdEvents) {
              res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', msg: '', events: [] }));
              return;
            }
            if (isSend(req) && proxy.timeOutSends > 0) {
              proxy.timeOutSends -= 1;
              res.writeHead(504, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'error', msg: 'Gateway timeout' }));
              return;
            }
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(answered.length) }).end(answered);
          });
        },
      );
      forwarded.on('error', () => req.socket.destroy());
      forwarded.end(payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: LossyProxy = {
    url: `http://127.0.0.1:${port}`,
    loseAnswers: 0,
    refuseSends: 0,
    timeOutSends: 0,
    timeOutReads: false,
    withholdEvents: false,
    delayEventsMs: 0,
    delayWritesMs: 0,
    cut() {
      isCut = true;
      server.closeAllConnections();
    },
    mend() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
