// Error answers: the spec's envelope {result: 'error', msg, code, ...extra} with the HTTP statuses
// real servers use (400 for every JSON error unless stated otherwise).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { result: 'error', msg: this.message };
    if (this.code !== null) body['code'] = this.code;
    return { ...body, ...this.extra };
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(400, 'BAD_REQUEST', msg);

/** Unknown scheduled messages and saved snippets are 404s that still carry BAD_REQUEST. */
export const resourceNotFound = (msg: string): ApiError => new ApiError(404, 'BAD_REQUEST', msg);

export const missingArgument = (name: string): ApiError =>
  new ApiError(400, 'REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });

export const administratorRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');

export const ownerRequired = (): ApiError => new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

export const channelDoesNotExist = (streamId: number): ApiError =>
  new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${streamId}' does not exist`, { stream_id: streamId });

export const badEventQueueId = (queueId: string): ApiError =>
  new ApiError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });

// Real servers name their realm "zulip" whatever the dialect (semantics.md, and the captured bad_key).
export const unauthorized = (msg: string): ApiError =>
  new ApiError(401, 'UNAUTHORIZED', msg, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });

/** An upload past the organization's limit: real servers answer 400, not 413 (the captured answer of one). */
export const fileTooLarge = (maxMib: number): ApiError =>
  badRequest(`File is larger than this server's configured maximum upload size (${maxMib} MiB).`);

/** An unknown or malformed narrow, named in `desc` as real servers do. */
export const badNarrow = (desc: string): ApiError => new ApiError(400, 'BAD_NARROW', `Invalid narrow operator: ${desc}`, { desc });

export const rateLimitHit = (retryAfter: number, headers: Record<string, string>): ApiError =>
  new ApiError(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter }, {
    ...headers,
    'Retry-After': String(retryAfter),
  });
