// The simulator's public option, account and fault types, and the defaults the options resolve to.
import type { Dialect } from './dialect';

export interface ServiceOptions {
  org?: 'demo' | 'large';
  users?: number;
  channels?: number;
  /** A generated message history of this many messages (seed/history.ts). */
  messages?: number;
  port?: number;
  dbPath?: string;
  /** Keep the organization already in dbPath (a restart) instead of seeding a fresh one. */
  resume?: boolean;
  heartbeatSeconds?: number;
  longpollTimeoutSeconds?: number;
  queueIdleSeconds?: number;
  /** Requests each user may make per rate-limit window (a minute unless rateLimitWindowSeconds says otherwise). */
  rateLimitPerMinute?: number | null;
  /** The window the rate limit counts requests over, in seconds: 60, as real servers, unless a test wants the same shape sooner. */
  rateLimitWindowSeconds?: number;
  featureLevel?: number;
  pushConfigured?: boolean;
  scheduledTickMs?: number;
  /** Which spelling of the renamed identifiers to speak (dialect.ts); the spec's by default. */
  dialect?: Dialect;
  /** The organization hides email addresses, as real ones may: everyone's is user<ID>@<host> to members. */
  hideEmails?: boolean;
  /** The largest upload accepted, in MiB (real servers' default is 100; here 25). */
  maxFileUploadSizeMib?: number;
}

export interface ServiceAccount {
  email: string;
  api_key: string;
  role: number;
  user_id: number;
  full_name: string;
}

/** Mutable at run time; each *Next counter is consumed one request at a time. */
export interface Faults {
  latencyMs: number;
  dropNext: number;
  hangNext: number;
  error5xxNext: number;
  rateLimitNext: number;
  retryAfterSeconds: number;
  scheduledSendFailures: number;
  deleteTopicBatchesBeforeTimeout: number | null;
  featureLevel: number;
  /** The next event of this type reaches every queue malformed (its list fields replaced by a string). */
  malformNextEvent: string | null;
}

export interface Config {
  org: 'demo' | 'large';
  users: number;
  channels: number;
  messages: number;
  port: number;
  dbPath: string;
  resume: boolean;
  heartbeatSeconds: number;
  longpollTimeoutSeconds: number;
  queueIdleSeconds: number;
  rateLimitPerMinute: number | null;
  rateLimitWindowSeconds: number;
  pushConfigured: boolean;
  scheduledTickMs: number;
  dialect: Dialect;
  hideEmails: boolean;
  maxFileUploadSizeMib: number;
}

const MAX_LARGE_USERS = 100_000;
/** The large organization's first users are the accounts: owner, two administrators, moderator, member, guest. */
const MIN_LARGE_USERS = 6;

export function resolveConfig(options: ServiceOptions): Config {
  return {
    org: options.org ?? 'demo',
    users: Math.min(Math.max(options.users ?? 1000, MIN_LARGE_USERS), MAX_LARGE_USERS),
    channels: Math.max(options.channels ?? 100, 1),
    messages: Math.max(Math.floor(options.messages ?? 0), 0),
    port: options.port ?? 0,
    dbPath: options.dbPath ?? ':memory:',
    resume: options.resume ?? false,
    heartbeatSeconds: options.heartbeatSeconds ?? 50,
    longpollTimeoutSeconds: options.longpollTimeoutSeconds ?? 90,
    queueIdleSeconds: options.queueIdleSeconds ?? 600,
    rateLimitPerMinute: options.rateLimitPerMinute ?? null,
    rateLimitWindowSeconds: options.rateLimitWindowSeconds ?? 60,
    pushConfigured: options.pushConfigured ?? false,
    scheduledTickMs: options.scheduledTickMs ?? 1000,
    dialect: options.dialect ?? 'spec',
    hideEmails: options.hideEmails ?? false,
    maxFileUploadSizeMib: options.maxFileUploadSizeMib ?? 25,
  };
}

export function initialFaults(featureLevel: number): Faults {
  return {
    latencyMs: 0,
    dropNext: 0,
    hangNext: 0,
    error5xxNext: 0,
    rateLimitNext: 0,
    retryAfterSeconds: 1,
    scheduledSendFailures: 0,
    deleteTopicBatchesBeforeTimeout: null,
    featureLevel,
    malformNextEvent: null,
  };
}
