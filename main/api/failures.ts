// The one classifier of failed calls (shared/failures.ts says what each kind means): the outbox
// decides retry, refusal or look-up from it, bulk jobs whether an item failed, waits or halts, the
// sync loop whether to back off, and IPC what the user reads. The disk's refusals (full, read-only,
// damaged) are read by main/files/disk-faults.ts, which the mirror's code shares.
import { failureKindOfStatus, type FailureKind } from '../../shared/failures';
import { diskFaultOf } from '../files/disk-faults';
import { ApiError, FileTooLargeError, NetworkError, ServiceError, TimeoutError, UnsupportedFeatureError, ValidationError } from './errors';

export interface Failure {
  kind: FailureKind;
  /** The server's code, or the app's own: NETWORK, TIMEOUT, INVALID_PARAMETERS, UNSUPPORTED_FEATURE, API, INTERNAL; the disk's (SQLITE_FULL, ENOSPC...). */
  code: string;
  /** What the user reads: the server's own message where it gave one. */
  message: string;
  /** Seconds to wait, when the server said (rate limits). */
  retryAfter: number | undefined;
}

export function classifyFailure(error: unknown): Failure {
  const failure = (kind: FailureKind, code: string, message: string, retryAfter?: number): Failure => ({ kind, code, message, retryAfter });
  if (error instanceof ServiceError) return failure(failureKindOfStatus(error.status), String(error.code), error.msg || error.message, error.retryAfter);
  if (error instanceof NetworkError) return failure('unreachable', 'NETWORK', error.message);
  if (error instanceof TimeoutError) return failure('unreachable', 'TIMEOUT', error.message);
  if (error instanceof ValidationError) return failure('invalid', 'INVALID_PARAMETERS', error.message);
  if (error instanceof UnsupportedFeatureError) return failure('invalid', 'UNSUPPORTED_FEATURE', error.message);
  // Over the server's upload limit, said by the server or seen before a byte was sent: the same file never passes.
  if (error instanceof FileTooLargeError) return failure('refused', 'FILE_TOO_LARGE', error.message);
  if (error instanceof ApiError) return failure('internal', 'API', error.message);
  const disk = diskFaultOf(error);
  if (disk) return failure('disk', disk.code, disk.message);
  return failure('internal', 'INTERNAL', error instanceof Error ? error.message : String(error));
}

/** The network failed on the way: what can wait goes to the outbox, what is cached stands. */
export const isOffline = (error: unknown): boolean => classifyFailure(error).kind === 'unreachable';
