// What a local process can send browser mode: any request line and headers (Host, Origin and
// Cookie included), over plain HTTP or as a WebSocket upgrade.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** An HTTP request to 127.0.0.1:`port`, as given. */
export function sendRaw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The status a WebSocket upgrade to 127.0.0.1:`port` gets: 101 when admitted. */
export function upgradeStatus(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64'), ...headers },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The token (15, finding 1): 43 characters like a real one, but 44 bytes. */
export const FORGED_TOKEN = `é${'A'.repeat(42)}`;
