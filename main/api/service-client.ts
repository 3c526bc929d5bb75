// The typed client of the service's HTTP API: call(name, params, options), typed from the operation
// table. Every call goes through the same steps: refuse what the server's feature level lacks, check
// the spec's rules, encode, pace, send, wait and retry on 429, and turn the answer into a result or a
// typed error.
import { z } from 'zod';
import { checkOperation } from '../../shared/api/operation-checks';
import { OPERATIONS } from '../../shared/api/operation-table';
import { featureLevelProblem } from '../../shared/api/feature-levels';
import type { OperationName, ParamsOf, ResultOf } from '../../shared/api/operations';
import type { Dialect } from '../../shared/api/dialects';
import { registrationContext, type RegistrationContext } from '../../shared/api/registration';
import type { MessageType } from '../../shared/api/records';
import { inviteSchema } from '../../shared/api/invites';
import { messageHistorySchema } from '../../shared/api/message-history';
import { presenceAnswerSchema } from '../../shared/api/presence';
import { userSchema } from '../../shared/api/record-schemas';
import { uploadAnswerSchema } from '../../shared/api/uploads';
import { readAnswer, toServiceError } from './answers';
import { basicAuthorization } from './authorization';
import { checkedAnswer } from './checked-answer';
import { inServerDialect, spelledByDialect } from './dialect';
import { askingForEmptyTopicNames } from './empty-topic-names';
import { systemClock, type Clock } from './clock';
import { encodeRequest } from './encoding';
import { FileTooLargeError, ServiceError, UnsupportedFeatureError, ValidationError } from './errors';
import { silentLogger, type Logger } from './logger';
import { Pacer, type PacerOptions } from './pacer';
import { rateLimitWaitMs, readRateLimitHeaders, type RateLimitState } from './rate-limit';
import { apiRootFor } from './server-url';
import { Transport, type RawAnswer } from './transport';
import { overLimitMessage, refusedAsTooLargeMessage, sendUpload, uploadLimitBytes, type UploadSource } from './upload';

export interface ServiceClientOptions {
  /** The server's address; https:, or http: to a loopback address. The client appends /api/v1. */
  serverUrl: string;
  /** API email; without credentials only unauthenticated calls succeed. */
  email?: string;
  apiKey?: string;
  /** Sent in the User-Agent header, so the server's logs can tell this app's calls apart. */
  userAgent?: string;
  /** Replaces the global fetch (ky's `fetch` option). */
  fetch?: typeof fetch;
  logger?: Logger;
  /** Time allowed for an ordinary call, in ms (default 30 000). */
  timeoutMs?: number;
  /** Added to event_queue_longpoll_timeout_seconds for a blocking getEvents, in ms (default 10 000). */
  longPollMarginMs?: number;
  /** Retries after a 429 before giving up (default 3). */
  maxRateLimitRetries?: number;
  /** First backoff after a 429, doubling with each retry, in ms (default 500). */
  rateLimitBackoffMs?: number;
  /** Upper bound of the random delay added to the server's retry-after, in ms (default 250). */
  rateLimitJitterMs?: number;
  /** A 429 asking for a longer wait than this fails at once, in ms (default 300 000). */
  maxRateLimitWaitMs?: number;
  /** Pacing from the rate-limit headers; false turns it off. */
  pacing?: Omit<PacerOptions, 'clock'> | false;
  clock?: Clock;
  random?: () => number;
  /** The server's feature level when already known (e.g. from the mirror). */
  featureLevel?: number;
  /** Told when a success answer lists parameters the server ignored. */
  onIgnoredParameters?: (operation: OperationName, parameters: string[]) => void;
  /** Told of every rate-limit state the server announces. */
  onRateLimit?: (state: RateLimitState) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the call's time allowance, in ms. */
  timeoutMs?: number;
  /** Told when the call waits on the server's rate limit (pacing or a 429), and until when (epoch ms). */
  onRateLimitWait?: (until: number) => void;
  /** editScheduledMessage: the scheduled message as last seen: a failed one needs a new timestamp, a type change needs `to`. */
  existing?: { type?: MessageType; failed?: boolean };
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Told the file's bytes sent so far, as they go. */
  onProgress?: (sent: number) => void;
  /** The server's max_file_upload_size_mib where known: a larger file is refused before a byte is sent. */
  limitMib?: number;
  /** How long the connection may stay silent, in ms (default: the client's timeout). */
  idleTimeoutMs?: number;
  /** Told when the upload waits on the server's rate limit, and until when (epoch ms). */
  onRateLimitWait?: (until: number) => void;
}

/** Where the server keeps an uploaded file (server-relative, under /user_uploads/) and the name it gave it. */
export interface UploadAnswer {
  url: string;
  filename: string;
}

const UPLOAD_REQUEST = 'POST /user_uploads';

/** Per user id, the names of the channels each was subscribed to by the call, and of those they were in already. */
const subscribeAnswerSchema = z.looseObject({ subscribed: z.record(z.string(), z.array(z.string())), already_subscribed: z.record(z.string(), z.array(z.string())) });

/** What a module that makes only some calls needs of the client; a test may give its own. */
export interface OperationCaller<N extends OperationName> {
  call<K extends N>(name: K, params: ParamsOf<K>, options?: CallOptions): Promise<unknown>;
}

/** What an answer teaches the client about the server, per operation. */
type Lessons = { [K in OperationName]?: (result: ResultOf<K>) => void };

/** Answers checked before the app relies on them: they throw an UnexpectedAnswerError otherwise. */
type AnswerChecks = { [K in OperationName]?: (result: ResultOf<K>) => void };
const ANSWER_CHECKS: AnswerChecks = {
  getInvites: ({ invites }) => checkedAnswer('GET /invites', 'invites', z.array(inviteSchema), invites),
  // Shown version by version: each needs its topic and time.
  getMessageHistory: ({ message_history }) => checkedAnswer('GET /messages/{message_id}/history', 'message_history', messageHistorySchema, message_history),
  // Shown as names: each must be a user id.
  getReadReceipts: ({ user_ids }) => checkedAnswer('GET /messages/{message_id}/read_receipts', 'user_ids', z.array(z.number().int()), user_ids),
  // Sign-in keeps who the key belongs to from this answer.
  getOwnUser: (user) => checkedAnswer('GET /users/me', 'answer', userSchema, user),
  // Shown as the compose box's preview: it must be HTML text.
  renderMessage: ({ rendered }) => checkedAnswer('POST /messages/render', 'rendered', z.string(), rendered),
  // Written to the mirror as they come.
  addAlertWords: ({ alert_words }) => checkedAnswer('POST /users/me/alert_words', 'alert_words', z.array(z.string()), alert_words),
  removeAlertWords: ({ alert_words }) => checkedAnswer('DELETE /users/me/alert_words', 'alert_words', z.array(z.string()), alert_words),
  // A new channel is told from an existing one by these.
  subscribe: (answer) => checkedAnswer('POST /users/me/subscriptions', 'answer', subscribeAnswerSchema, answer),
  // Opened at once: a channel id.
  getStreamId: ({ stream_id }) => checkedAnswer('GET /get_stream_id', 'stream_id', z.number().int(), stream_id),
  updatePresence: (answer) => checkedAnswer('POST /users/me/presence', 'answer', presenceAnswerSchema, answer),
};

/** Used until registration announces event_queue_longpoll_timeout_seconds (the reference's default). */
const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;

export class ServiceClient {
  /** `<server>/api/v1`. */
  readonly apiRoot: string;
  readonly email: string | undefined;
  readonly #authorization: string | undefined;
  readonly #userAgent: string | undefined;
  readonly #transport: Transport;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #pacer: Pacer | undefined;
  readonly #timeoutMs: number;
  readonly #longPollMarginMs: number;
  readonly #maxRetries: number;
  readonly #backoffMs: number;
  readonly #jitterMs: number;
  readonly #maxWaitMs: number;
  readonly #onIgnoredParameters: ServiceClientOptions['onIgnoredParameters'];
  readonly #onRateLimit: ServiceClientOptions['onRateLimit'];
  #featureLevel: number | undefined;
  #announced: RegistrationContext = {};
  #rateLimit: RateLimitState | undefined;
  #dialect: Dialect | undefined;

  constructor(options: ServiceClientOptions) {
    this.apiRoot = apiRootFor(options.serverUrl);
    this.email = options.email;
    if (options.email !== undefined && options.apiKey !== undefined) {
      this.#authorization = basicAuthorization(options.email, options.apiKey);
    }
    this.#userAgent = options.userAgent;
    this.#transport = new Transport(options.fetch);
    this.#logger = options.logger ?? silentLogger;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#pacer = options.pacing === false ? undefined : new Pacer({ ...options.pacing, clock: this.#clock });
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#longPollMarginMs = options.longPollMarginMs ?? 10_000;
    this.#maxRetries = options.maxRateLimitRetries ?? 3;
    this.#backoffMs = options.rateLimitBackoffMs ?? 500;
    this.#jitterMs = options.rateLimitJitterMs ?? 250;
    this.#maxWaitMs = options.maxRateLimitWaitMs ?? 300_000;
    this.#onIgnoredParameters = options.onIgnoredParameters;
    this.#onRateLimit = options.onRateLimit;
    this.#featureLevel = options.featureLevel;
  }

  /** The connected server's feature level; undefined until learned (calls are then not refused). */
  /** How the server spells the identifiers the spec renames; undefined until an answer showed it. */
  get dialect(): Dialect | undefined {
    return this.#dialect;
  }

  /** What another client of the same server learnt (the snapshot worker's, from the registration). */
  heardDialect(dialect: Dialect): void {
    this.#dialect = dialect;
  }

  get featureLevel(): number | undefined {
    return this.#featureLevel;
  }

  setFeatureLevel(level: number | undefined): void {
    this.#featureLevel = level;
  }

  /** The values the last registration announced (limits, typing periods, long-poll timeout). */
  get announced(): Readonly<RegistrationContext> {
    return this.#announced;
  }

  /** The latest rate-limit state the server announced; undefined if it sends none. */
  get rateLimit(): RateLimitState | undefined {
    return this.#rateLimit;
  }

  /**
   * Calls the operation `name` of the operation table: refuses what the server's feature level
   * lacks, checks the spec's rules, then sends, paced and retried on 429. A registration or the
   * server settings also teach the client the server's limits and feature level.
   */
  async call<K extends OperationName>(name: K, params: ParamsOf<K>, options: CallOptions = {}): Promise<ResultOf<K>> {
    // A value the dialects spell differently (a reaction queued offline, sent before any answer
    // of this session): the server settings say how this server spells it, for one small GET.
    if (this.#dialect === undefined && spelledByDialect(params)) await this.call('getServerSettings', {}, options.signal ? { signal: options.signal } : {});
    const result = await this.#send(name, params, { ...options, timeoutMs: options.timeoutMs ?? this.#timeoutFor(name, params) });
    const check: AnswerChecks[K] = ANSWER_CHECKS[name];
    check?.(result);
    const learn: Lessons[K] = this.#lessons[name];
    learn?.(result);
    return result;
  }

  readonly #lessons: Lessons = {
    getServerSettings: (settings) => {
      this.#featureLevel = settings.service_feature_level ?? 0;
    },
    registerQueue: (result) => this.useRegistration(result),
  };

  /** A blocking getEvents waits up to event_queue_longpoll_timeout_seconds: its time allows for that. */
  #timeoutFor<K extends OperationName>(name: K, params: ParamsOf<K>): number {
    if (name !== 'getEvents' || ('dont_block' in params && params.dont_block === true)) return this.#timeoutMs;
    const seconds = this.#announced.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
    return seconds * 1000 + this.#longPollMarginMs;
  }

  /** Feeds the client what a registration announced; registerQueue does this by itself. */
  useRegistration(result: RegistrationContext): void {
    this.#announced = { ...this.#announced, ...registrationContext({ ...result }) };
    if (this.#announced.service_feature_level !== undefined) this.#featureLevel = this.#announced.service_feature_level;
  }

  async #send<K extends OperationName>(name: K, params: ParamsOf<K>, options: CallOptions): Promise<ResultOf<K>> {
    const spec = OPERATIONS[name];
    const request = `${spec.method} ${spec.path}`;
    const problem = featureLevelProblem(name, params, this.#featureLevel);
    if (problem) throw new UnsupportedFeatureError(request, problem.message, problem.level, this.#featureLevel ?? 0);
    const violations = checkOperation(name, params, { ...this.#announced, ...(options.existing && { existing: options.existing }) });
    if (violations.length > 0) throw new ValidationError(request, violations);

    const encoded = encodeRequest(spec.method, spec.path, inServerDialect(askingForEmptyTopicNames(name, params, this.#featureLevel), this.#dialect));
    const query = spec.method === 'GET' && encoded.fields.size > 0 ? `?${encoded.fields.toString()}` : '';
    const body = spec.method !== 'GET' && encoded.fields.size > 0 ? encoded.fields : undefined;
    const headers: Record<string, string> = this.#userAgent === undefined ? {} : { 'user-agent': this.#userAgent };
    if (spec.auth !== false && this.#authorization) headers.authorization = this.#authorization;

    const send = () =>
      this.#transport.send({
        method: spec.method,
        url: `${this.apiRoot}${encoded.path}${query}`,
        headers,
        body,
        timeoutMs: options.timeoutMs ?? this.#timeoutMs,
        signal: options.signal,
        request,
      });
    return this.#paced(request, options, send, (answer, now) => {
      const result = this.#read(answer, request, now) as ResultOf<K>;
      this.#reportIgnored(name, result.ignored_parameters_unsupported);
      return result;
    });
  }

  /**
   * POST /user_uploads: one file, streamed from disk as multipart/form-data (upload.ts), paced
   * and retried on 429 like every call. A file over `limitMib` is refused before a byte is sent.
   */
  async upload(source: UploadSource, options: UploadOptions = {}): Promise<UploadAnswer> {
    const request = UPLOAD_REQUEST;
    if (options.limitMib !== undefined && source.size > uploadLimitBytes(options.limitMib)) {
      throw new FileTooLargeError(request, overLimitMessage(source, options.limitMib), options.limitMib);
    }
    const headers: Record<string, string> = this.#userAgent === undefined ? {} : { 'user-agent': this.#userAgent };
    if (this.#authorization) headers.authorization = this.#authorization;
    const send = () =>
      sendUpload({
        url: `${this.apiRoot}/user_uploads`,
        headers,
        source,
        signal: options.signal,
        idleTimeoutMs: options.idleTimeoutMs ?? this.#timeoutMs,
        onProgress: options.onProgress,
        request,
      });
    return this.#paced(request, options, send, (answer, now) => {
      if (answer.status === 413) {
        const said = answer.headers.get('content-type')?.includes('json') ? toServiceError(answer, request, now).msg : undefined;
        throw new FileTooLargeError(request, refusedAsTooLargeMessage(source, options.limitMib, said), options.limitMib);
      }
      const answered = checkedAnswer(request, 'answer', uploadAnswerSchema, this.#read(answer, request, now));
      return { url: answered.url, filename: answered.filename ?? source.name };
    });
  }

  /**
   * One exchange (`send`) as the pacing allows, sent again after a 429 as the server asks (with
   * backoff and jitter) until it gives up with a RATE_LIMIT_HIT; any other answer is `read`.
   */
  async #paced<T>(request: string, options: Pick<CallOptions, 'signal' | 'onRateLimitWait'>, send: () => Promise<RawAnswer>, read: (answer: RawAnswer, now: number) => T): Promise<T> {
    for (let retry = 0; ; retry += 1) {
      options.signal?.throwIfAborted();
      const delay = this.#pacer?.reserve() ?? 0;
      if (delay > 0) {
        options.onRateLimitWait?.(this.#clock.now() + delay);
        await this.#clock.sleep(delay);
      }
      const started = this.#clock.now();
      const answer = await send();
      const now = this.#clock.now();
      this.#logger.debug(`${request} -> ${answer.status}`, { ms: now - started });
      this.#observeRateLimit(answer.headers, now);
      if (answer.status !== 429) return read(answer, now);
      const refusal = toServiceError(answer, request, now);
      const waitMs = rateLimitWaitMs(refusal.retryAfter, retry, {
        backoffMs: this.#backoffMs,
        jitterMs: this.#jitterMs,
        random: this.#random,
      });
      if (retry >= this.#maxRetries || waitMs > this.#maxWaitMs) throw this.#gaveUp(refusal, retry, waitMs);
      this.#logger.warn(`${request} was rate limited; retrying in ${Math.round(waitMs)} ms`, { retry: retry + 1 });
      options.onRateLimitWait?.(now + waitMs);
      await this.#clock.sleep(waitMs);
    }
  }

  /** A success body in the spec's names, learning the server's dialect from it; else a ServiceError. */
  #read(answer: RawAnswer, request: string, now: number): Record<string, unknown> {
    const { body, dialect } = readAnswer(answer, request, now);
    if (dialect !== undefined) this.#dialect = dialect;
    return body;
  }

  #observeRateLimit(headers: Headers, now: number): void {
    const state = readRateLimitHeaders(headers, now);
    if (!state) return;
    this.#rateLimit = state;
    this.#pacer?.observe(state);
    this.#onRateLimit?.(state);
  }

  #reportIgnored(name: OperationName, ignored: string[] | undefined): void {
    if (!ignored || ignored.length === 0) return;
    this.#logger.warn(`The server ignored parameters it does not support: ${ignored.join(', ')}`, { operation: name });
    this.#onIgnoredParameters?.(name, ignored);
  }

  #gaveUp(refusal: ServiceError, retries: number, waitMs: number): ServiceError {
    const why =
      waitMs > this.#maxWaitMs
        ? `the server asks to wait ${Math.round(waitMs / 1000)} s, more than the ${Math.round(this.#maxWaitMs / 1000)} s allowed`
        : 'still refused';
    return new ServiceError({
      code: 'RATE_LIMIT_HIT',
      msg: refusal.msg,
      status: refusal.status,
      request: refusal.request,
      fields: { ...refusal.fields },
      retryAfter: refusal.retryAfter,
      message: `Rate limit hit for ${refusal.request}: gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'} (${why}). ${refusal.msg}`,
    });
  }
}
