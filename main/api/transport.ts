// One HTTP exchange over ky: send, read the whole answer (up to a cap) within the time allowed,
// and turn failures to get one into NetworkError, TimeoutError or AnswerTooLargeError. Answers
// of any status come back as they are; what they mean is answers.ts's business, retrying is the
// client's.
import ky, { type KyInstance } from 'ky';
import { readCappedText } from './capped-body';
import { AnswerTooLargeError, NetworkError, TimeoutError } from './errors';

export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: URLSearchParams | undefined;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** `METHOD /path-template`, for error messages. */
  request: string;
}

/** The system error code somewhere in a fetch failure's cause chain (ECONNREFUSED...). */
export function systemErrorCode(error: unknown): { code: string | undefined; detail: string } {
  let current: unknown = error;
  let detail = error instanceof Error ? error.message : String(error);
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    detail = current.message;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string') return { code, detail };
    current = current.cause;
  }
  return { code: undefined, detail };
}

/**
 * The most of one answer the client reads. The largest answers are registrations: the simulator's
 * 100,000-user, 10,000-channel organization registers in about 50 MiB, so 256 MiB leaves room
 * for an organization several times larger, while a hostile server can no longer fill memory.
 */
export const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

export class Transport {
  readonly #ky: KyInstance;

  constructor(fetchImpl: typeof fetch | undefined) {
    // Retries and timeouts are the client's: ky's own would not know the 429 body or the long poll.
    this.#ky = ky.create({ retry: 0, timeout: false, throwHttpErrors: false, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }

  async send(exchange: Exchange): Promise<RawAnswer> {
    const timer = new AbortController();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      timer.abort();
    }, exchange.timeoutMs);
    const signal = exchange.signal ? AbortSignal.any([exchange.signal, timer.signal]) : timer.signal;
    try {
      const response = await this.#ky(exchange.url, {
        method: exchange.method,
        headers: exchange.headers,
        ...(exchange.body ? { body: exchange.body } : {}),
        signal,
      });
      const text = await readCappedText(response, MAX_ANSWER_BYTES);
      if (text === undefined) throw new AnswerTooLargeError(exchange.request, MAX_ANSWER_BYTES);
      return { status: response.status, statusText: response.statusText, headers: response.headers, text };
    } catch (error) {
      if (error instanceof AnswerTooLargeError) throw error;
      if (timedOut) throw new TimeoutError(exchange.request, exchange.timeoutMs);
      if (exchange.signal?.aborted) throw exchange.signal.reason;
      // The raw error is not kept: a fetch implementation may hang the request on it.
      const { code, detail } = systemErrorCode(error);
      throw new NetworkError(exchange.request, code, detail);
    } finally {
      clearTimeout(timeout);
    }
  }
}
