// The request lifecycle on node:http: injected faults, body decoding, routing, authentication,
// rate limiting, the success/error envelopes, and never letting an exception take the server down.
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Sim } from '../context';
import type { UserRow } from '../db/rows';
import { authenticate } from './auth';
import { clientName } from './client-name';
import { serveFile, type ServedFile } from './files';
import { ApiError, badRequest, fileTooLarge, rateLimitHit } from './errors';
import { Params } from './params';
import { headers as rateLimitHeaders, RateLimiter } from './rateLimit';
import type { RequestLog } from './requestLog';
import type { Answer, Router, UploadedFile } from './router';

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MIB = 1024 * 1024;
const DEFAULT_RATE_LIMIT = 200;

export type ControlHandler = (path: string, body: unknown) => Answer | null;

export function createHttpServer(sim: Sim, router: Router, control: ControlHandler, requests: RequestLog): http.Server {
  const limiter = sim.config.rateLimitPerMinute === null ? null : new RateLimiter(sim.config.rateLimitPerMinute, sim.config.rateLimitWindowSeconds * 1000);

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      process.stderr.write(`[service] unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      send(res, 500, { result: 'error', msg: 'Internal server error' });
    });
  });
  // Long polls and the hang fault keep requests open far longer than node's defaults allow.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/__sim/')) {
      const { body } = await readBody(req, MAX_BODY_BYTES);
      const answer = control(url.pathname.slice('/__sim/'.length), body.length > 0 ? (JSON.parse(body.toString('utf8')) as unknown) : {});
      if (answer === null) send(res, 404, { result: 'error', msg: 'Not Found' });
      else send(res, 200, answer);
      return;
    }
    if (!url.pathname.startsWith('/api/v1/')) {
      let file: ServedFile | null;
      try {
        file = serveFile(sim, url.pathname, req.headers.authorization);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        send(res, error.status, error.body(), error.headers);
        return;
      }
      if (file === null) {
        send(res, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
        return;
      }
      res.writeHead(file.status, file.headers);
      res.end(file.body);
      return;
    }
    if (!(await injectFaults(req, res))) return;

    let extraHeaders: Record<string, string> = {};
    let caller: { user_id: number; route: string } | null = null;
    try {
      const match = router.match(req.method ?? 'GET', url.pathname.slice('/api/v1'.length));
      if (match === null) throw new ApiError(404, 'BAD_REQUEST', 'Not Found');
      if ('allowed' in match) {
        send(res, 405, { result: 'error', msg: 'Method Not Allowed', allowed_methods: match.allowed }, { Allow: match.allowed.join(', ') });
        return;
      }
      const { form, files } = await decodeBody(req, sim.config.maxFileUploadSizeMib);
      const params = Params.fromForm(url.searchParams, form);
      const aborted = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
      const base = { sim, client: clientName(req.headers['user-agent']), params, files, path: match.path, signal: aborted.signal };
      const { route } = match;
      let answer: Answer;
      if (route.auth === 'none') {
        answer = await route.handle(base);
      } else {
        const user: UserRow = authenticate(sim.db, sim.realm().host, req.headers.authorization);
        caller = { user_id: user.user_id, route: `${route.method} ${route.path}` };
        if (limiter !== null) extraHeaders = limiter.take(user.user_id);
        answer = await route.handle({ ...base, user });
      }
      const ignored = params.names().filter((name) => !route.params.includes(name));
      const envelope: Answer = { result: 'success', msg: '', ...answer };
      if (ignored.length > 0) envelope['ignored_parameters_unsupported'] = ignored;
      send(res, 200, envelope, extraHeaders);
      if (caller !== null) requests.record({ ...caller, status: 200, at: Date.now() });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      send(res, error.status, error.body(), { ...extraHeaders, ...error.headers });
      if (caller !== null) requests.record({ ...caller, status: error.status, at: Date.now() });
    }
  }

  /** Applies the fault knobs; false when the request must not be answered normally. */
  async function injectFaults(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const { faults } = sim;
    if (faults.latencyMs > 0) await delay(faults.latencyMs);
    if (faults.dropNext > 0) {
      faults.dropNext -= 1;
      req.socket.destroy();
      return false;
    }
    if (faults.hangNext > 0) {
      faults.hangNext -= 1;
      return false;
    }
    if (faults.error5xxNext > 0) {
      faults.error5xxNext -= 1;
      send(res, 503, { result: 'error', msg: 'Service temporarily unavailable' });
      return false;
    }
    if (faults.rateLimitNext > 0) {
      faults.rateLimitNext -= 1;
      const retryAfter = faults.retryAfterSeconds;
      const limit = sim.config.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT;
      const error = rateLimitHit(retryAfter, rateLimitHeaders(limit, 0, Date.now() / 1000 + retryAfter));
      send(res, error.status, error.body(), error.headers);
      return false;
    }
    return true;
  }

  return server;
}

/** The request's parameters and, for multipart bodies, its files (an upload past the size limit is refused). */
async function decodeBody(req: http.IncomingMessage, maxUploadMib: number): Promise<{ form: URLSearchParams; files: UploadedFile[] }> {
  const contentType = req.headers['content-type'];
  const multipart = contentType?.startsWith('multipart/form-data') === true;
  // An oversized upload is read to its end, as real servers do, to answer it with a JSON error.
  const { body, complete } = await readBody(req, multipart ? Math.max(MAX_BODY_BYTES, (maxUploadMib + 1) * MIB) : MAX_BODY_BYTES);
  if (!complete) {
    if (multipart) throw fileTooLarge(maxUploadMib);
    throw badRequest('Request body too large');
  }
  if (body.length === 0) return { form: new URLSearchParams(), files: [] };
  if (multipart && contentType !== undefined) {
    let parsed: FormData;
    try {
      parsed = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest('Malformed multipart body');
    }
    const form = new URLSearchParams();
    const files: UploadedFile[] = [];
    for (const [name, value] of parsed) {
      if (typeof value === 'string') form.append(name, value);
      else files.push({ filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
    }
    return { form, files };
  }
  const text = body.toString('utf8');
  if (contentType?.startsWith('application/json') === true) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('Malformed JSON');
    }
    const form = new URLSearchParams();
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [name, value] of Object.entries(parsed)) form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return { form, files: [] };
  }
  if (contentType?.startsWith('multipart/') === true) throw badRequest('Parameters must be form-urlencoded');
  return { form: new URLSearchParams(text), files: [] };
}

/** The body, up to `limit` bytes; past it the rest is read and dropped, and `complete` is false. */
function readBody(req: http.IncomingMessage, limit: number): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: Buffer.concat(chunks), complete: size <= limit }));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: Answer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const payload = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}
