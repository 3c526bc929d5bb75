// What an answer means: a success body, or a ServiceError with the server's code and extra
// fields. Answers without a usable body (a proxy's HTML 502, a 405 or 500 without `code`) still
// get a code from their status (reference/semantics.md (a)).
import { z } from 'zod';
import type { Dialect } from '../../shared/api/dialects';
import type { ErrorCode } from '../../shared/api/errors';
import { fromServerDialect } from './dialect';
import { ServiceError } from './errors';
import { retryAfterSeconds } from './rate-limit';
import type { RawAnswer } from './transport';

const jsonObject = z.record(z.string(), z.unknown());

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return jsonObject.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

function codeFor(status: number, body: Record<string, unknown> | undefined): ErrorCode {
  // Real servers answer bad credentials with 401 and UNAUTHORIZED; some code paths name the cause instead.
  if (status === 401) return 'UNAUTHORIZED';
  if (typeof body?.code === 'string' && body.code !== '') return body.code;
  if (status === 429) return 'RATE_LIMIT_HIT';
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  if (status >= 500) return 'SERVER_ERROR';
  if (status >= 400 && body !== undefined) return 'BAD_REQUEST';
  return 'UNEXPECTED_RESPONSE';
}

function describe(answer: RawAnswer, readable: boolean): string {
  const status = `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  if (readable) return `The server answered ${status} without a message.`;
  const type = answer.headers.get('content-type') ?? 'no content type';
  return `The server answered ${status} with a body that is not a JSON object (${type}).`;
}

export function toServiceError(answer: RawAnswer, request: string, now: number): ServiceError {
  const body = parseObject(answer.text);
  const { result: _result, msg, code: _code, ...fields } = body ?? {};
  return new ServiceError({
    code: codeFor(answer.status, body),
    msg: typeof msg === 'string' && msg !== '' ? msg : describe(answer, body !== undefined),
    status: answer.status,
    request,
    fields,
    retryAfter: answer.status === 429 ? retryAfterSeconds(fields, answer.headers, now) : undefined,
  });
}

export interface ReadAnswer {
  /** In the spec's names, whichever dialect the server speaks. */
  body: Record<string, unknown>;
  /** The dialect the answer showed, if it showed one (main/api/dialect.ts). */
  dialect: Dialect | undefined;
}

/** The success body, kept whole (extra fields, ignored_parameters_unsupported); else a ServiceError. */
export function readAnswer(answer: RawAnswer, request: string, now: number): ReadAnswer {
  const ok = answer.status >= 200 && answer.status < 300;
  const body = ok ? parseObject(answer.text) : undefined;
  if (body !== undefined && body.result !== 'error') return { body, dialect: fromServerDialect(answer.text, body) };
  throw toServiceError(answer, request, now);
}
