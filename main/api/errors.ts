// What a call can fail with. Every class names the request (method and path template) but never
// carries credentials: no headers, no request object, no raw cause that might hold them.
import type { ErrorCode } from '../../shared/api/errors';
import type { Violation } from '../../shared/api/operation-checks';

/** Base of every error the client throws, so callers can catch them all at once. */
export class ApiError extends Error {
  /** `METHOD /path-template`, e.g. `POST /scheduled_messages`. */
  readonly request: string;

  constructor(message: string, request: string) {
    super(message);
    this.name = new.target.name;
    this.request = request;
  }
}

/** The server answered with an error (or with something that is not a success). */
export class ServiceError extends ApiError {
  readonly code: ErrorCode;
  readonly msg: string;
  readonly status: number;
  /** The error body's fields beyond result, msg and code, as sent (e.g. `retry-after`). */
  readonly fields: Readonly<Record<string, unknown>>;
  /** STREAM_DOES_NOT_EXIST: the channel that does not exist. */
  readonly stream_id: number | undefined;
  /** BAD_EVENT_QUEUE_ID: the queue the server no longer knows. */
  readonly queue_id: string | undefined;
  /** RATE_LIMIT_HIT: seconds the server asked to wait (a float), from the body or the headers. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    code: ErrorCode;
    msg: string;
    status: number;
    request: string;
    fields?: Record<string, unknown>;
    retryAfter?: number | undefined;
    message?: string;
  }) {
    super(init.message ?? `${init.msg} (${init.code}, HTTP ${init.status})`, init.request);
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.fields = init.fields ?? {};
    this.stream_id = typeof this.fields.stream_id === 'number' ? this.fields.stream_id : undefined;
    this.queue_id = typeof this.fields.queue_id === 'string' ? this.fields.queue_id : undefined;
    this.retryAfter = init.retryAfter;
  }
}

/** The server could not be reached, or the connection broke before a full answer. */
export class NetworkError extends ApiError {
  /** The system error code when there is one (ECONNREFUSED, ECONNRESET, ENOTFOUND...). */
  readonly code: string | undefined;

  constructor(request: string, code: string | undefined, detail: string) {
    super(`Could not reach the server for ${request}: ${code ?? detail}.`, request);
    this.code = code;
  }
}

/** No complete answer within the time allowed. */
export class TimeoutError extends ApiError {
  readonly timeoutMs: number;

  constructor(request: string, timeoutMs: number) {
    super(`No answer from the server within ${timeoutMs / 1000} s for ${request}.`, request);
    this.timeoutMs = timeoutMs;
  }
}

/** The answer was larger than the client reads; what came of it was dropped. */
export class AnswerTooLargeError extends ApiError {
  readonly maxBytes: number;

  constructor(request: string, maxBytes: number) {
    super(`The server's answer to ${request} is larger than the ${maxBytes / (1024 * 1024)} MiB the app accepts; ask the server's administrator.`, request);
    this.maxBytes = maxBytes;
  }
}

/** The call breaks one of the spec's rules; nothing was sent. */
export class ValidationError extends ApiError {
  readonly violations: readonly Violation[];

  constructor(request: string, violations: readonly Violation[]) {
    super(violations.map((violation) => violation.message).join(' '), request);
    this.violations = violations;
  }

  /** The first offending parameter. */
  get param(): string | undefined {
    return this.violations[0]?.param;
  }
}

/** The connected server's feature level is too low for the call; nothing was sent. */
export class UnsupportedFeatureError extends ApiError {
  readonly requiredLevel: number;
  readonly serverLevel: number;

  constructor(request: string, message: string, requiredLevel: number, serverLevel: number) {
    super(message, request);
    this.requiredLevel = requiredLevel;
    this.serverLevel = serverLevel;
  }
}

/** A file over the server's upload limit: refused before a byte was sent, or by the server itself (413). */
export class FileTooLargeError extends ApiError {
  /** The server's limit in MiB, where known. */
  readonly limitMib: number | undefined;

  constructor(request: string, message: string, limitMib: number | undefined) {
    super(message, request);
    this.limitMib = limitMib;
  }
}
