// Error codes and error bodies (spec "Errors", completed by reference/semantics.md (a) and (b)).
// Clients switch on `code`, never on `msg`.

/** Codes the spec lists. */
export const SPEC_ERROR_CODES = [
  'BAD_REQUEST',
  'STREAM_DOES_NOT_EXIST',
  'UNAUTHORIZED_PRINCIPAL',
  'REACTION_DOES_NOT_EXIST',
  'PUSH_SERVICE_NOT_CONFIGURED',
] as const;

/** Codes real servers send that the spec does not show. */
export const REFERENCE_ERROR_CODES = [
  'UNAUTHORIZED',
  'RATE_LIMIT_HIT',
  'BAD_EVENT_QUEUE_ID',
  'REQUEST_VARIABLE_MISSING',
  'REQUEST_VARIABLE_INVALID',
  'INVALID_JSON',
  'REACTION_ALREADY_EXISTS',
  'INVALID_API_KEY',
  'USER_DEACTIVATED',
  'REALM_DEACTIVATED',
  'AUTHENTICATION_FAILED',
  'NONEXISTENT_SUBDOMAIN',
  'SERVER_NOT_READY',
  'CSRF_FAILED',
] as const;

/**
 * Codes the client gives an answer that carries none (a proxy's HTML page, a 405 or 500 body
 * without `code`, a success status with an unreadable body).
 */
export const CLIENT_ERROR_CODES = ['SERVER_ERROR', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'UNEXPECTED_RESPONSE'] as const;

export type KnownErrorCode =
  | (typeof SPEC_ERROR_CODES)[number]
  | (typeof REFERENCE_ERROR_CODES)[number]
  | (typeof CLIENT_ERROR_CODES)[number];

/** Newer servers add codes; an unknown one is kept as sent. */
export type ErrorCode = KnownErrorCode | (string & {});
