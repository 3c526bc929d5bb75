// What a failed call means, the one reading the outbox, bulk jobs, sync and IPC share: whether the
// request may have been done (to look before sending it again), whether it is worth trying again
// later, or whether the answer is final. The HTTP statuses read the same way everywhere.

export type FailureKind =
  /** The server was not reached, or did not answer in time: try again later; it may have taken the request. */
  | 'unreachable'
  /** The server failed (5xx): try again later; it may have done it. */
  | 'server'
  /** Rate limited (429): not done; wait as the server says, then again. */
  | 'rate_limited'
  /** The key was rejected (401): nothing works until the user signs in again. */
  | 'unauthorized'
  /** The server refused this request for good (any other 4xx): the user decides. */
  | 'refused'
  /** The app refused it before sending: it breaks the spec's rules, or the server's level lacks the operation. */
  | 'invalid'
  /** This computer's disk refused (full, read-only, damaged): nothing was lost; try again once it takes writes. */
  | 'disk'
  /** Anything else: an answer the app could not read, or a fault of the app's own. */
  | 'internal';

/** How an HTTP error status reads. */
export function failureKindOfStatus(status: number): FailureKind {
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthorized';
  if (status >= 500) return 'server';
  if (status >= 400) return 'refused';
  return 'internal';
}

/** Worth trying again later, unchanged. */
export const isTransient = (kind: FailureKind): boolean => kind === 'unreachable' || kind === 'server' || kind === 'rate_limited' || kind === 'internal' || kind === 'disk';

/**
 * The request may have reached the server and been done: look before sending it again. A disk that
 * refused to record the answer leaves the request done on the server, unrecorded here.
 */
export const mayHaveBeenDone = (kind: FailureKind): boolean => kind === 'unreachable' || kind === 'server' || kind === 'internal' || kind === 'disk';
