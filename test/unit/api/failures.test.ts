// One reading of a failed call for the outbox, bulk jobs, sync and IPC: what each kind of failure
// is, whether it is worth trying again, and whether the request may have been done (so the outbox
// looks before sending again, and a refusal or a rate limit is never taken for a sent message).
import { describe, expect, it } from 'vitest';
import { failureKindOfStatus, isTransient, mayHaveBeenDone } from '../../../shared/failures';
import { AnswerTooLargeError, NetworkError, ServiceError, TimeoutError, UnsupportedFeatureError, ValidationError } from '../../../main/api/errors';
import { classifyFailure, isOffline } from '../../../main/api/failures';

const request = 'POST /messages';
const served = (status: number, code: string, msg: string, retryAfter?: number) => new ServiceError({ code, msg, status, request, fields: {}, retryAfter });

describe('a failed call', () => {
  it('reads each failure the same way for every caller', () => {
    const kinds = [
      new NetworkError(request, 'ECONNREFUSED', 'refused'),
      new TimeoutError(request, 10_000),
      served(502, 'SERVER_ERROR', 'Bad gateway'),
      served(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', 7),
      served(401, 'UNAUTHORIZED', 'Invalid API key'),
      served(400, 'BAD_REQUEST', 'Message must not be empty'),
      new ValidationError(request, [{ param: 'content', message: 'content is too long' }]),
      new UnsupportedFeatureError(request, 'Needs feature level 300.', 300, 200),
      new AnswerTooLargeError(request, 1024 * 1024),
      new TypeError('a bug'),
    ].map(classifyFailure);
    expect(kinds.map(({ kind, code }) => `${kind} ${code}`)).toEqual([
      'unreachable NETWORK',
      'unreachable TIMEOUT',
      'server SERVER_ERROR',
      'rate_limited RATE_LIMIT_HIT',
      'unauthorized UNAUTHORIZED',
      'refused BAD_REQUEST',
      'invalid INVALID_PARAMETERS',
      'invalid UNSUPPORTED_FEATURE',
      'internal API',
      'internal INTERNAL',
    ]);
    expect(kinds[3]).toMatchObject({ retryAfter: 7 });
    expect(kinds[5]).toMatchObject({ message: 'Message must not be empty' });
  });

  it('is looked up before a resend only when the server may have done it; tried again later only when the answer is not final', () => {
    expect([mayHaveBeenDone('unreachable'), mayHaveBeenDone('internal'), mayHaveBeenDone('invalid')]).toEqual([true, true, false]);
    expect([429, 401, 400, 404, 503].map((status) => [failureKindOfStatus(status), mayHaveBeenDone(failureKindOfStatus(status)), isTransient(failureKindOfStatus(status))])).toEqual([
      ['rate_limited', false, true],
      ['unauthorized', false, false],
      ['refused', false, false],
      ['refused', false, false],
      ['server', true, true],
    ]);
    expect(isOffline(new TimeoutError(request, 1))).toBe(true);
    expect(isOffline(served(503, 'SERVER_ERROR', 'down'))).toBe(false);
  });
});
