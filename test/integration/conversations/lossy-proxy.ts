// A proxy on 127.0.0.1 in front of a server that loses what a test asks it to lose: the answer to
// a message send after the server has stored the message (the connection is cut instead of
// answered), the send itself, answered 503 without reaching the server, or everything while the
// test has cut the line; and it can hold the event queue's answers back, so a message's event
// comes well after the answer to its send.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyProxy {
  url: string;
  /** The next this-many message sends reach the server, whose answers are then lost. */
  loseAnswers: number;
  /** The next this-many message sends are answered 503 and never reach the server. */
  refuseSends: number;
  /** Each answer to GET /events is held this many milliseconds before it is passed on. */
  delayEventsMs: number;
  /** Cuts the line: open connections (a long poll) are dropped and new ones refused, until mended. */
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

const isSend = (req: http.IncomingMessage) => req.method === 'POST' && /\/api\/v1\/messages(\?|$)/.test(req.url ?? '');
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
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          void body(answer).then(async (answered) => {
            if (isEvents(req) && proxy.delayEventsMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.delayEventsMs));
            if (isSend(req) && proxy.loseAnswers > 0) {
              proxy.loseAnswers -= 1;
              req.socket.destroy();
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
    delayEventsMs: 0,
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
