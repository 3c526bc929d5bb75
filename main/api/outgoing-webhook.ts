// Spec item 21, the outgoing webhook: the service POSTs a payload to a bot's URL. A bot server
// built on this client reads it here, after checking the per-bot token that authenticates it.
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { OUTGOING_WEBHOOK_DELIVERY } from '../../shared/api/operation-table';
import type { OutgoingWebhookPayload } from '../../shared/api/records';
import { ValidationError } from './errors';

const REQUEST = `${OUTGOING_WEBHOOK_DELIVERY.method} ${OUTGOING_WEBHOOK_DELIVERY.path}`;

function sameToken(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The payload of one delivery, whole; a ValidationError if it is malformed or the token is wrong. */
export function readOutgoingWebhookPayload(body: string, expectedToken: string): OutgoingWebhookPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    throw new ValidationError(REQUEST, [{ param: 'body', message: 'The outgoing webhook payload is not JSON.' }]);
  }
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  if (typeof record.token !== 'string' || !sameToken(record.token, expectedToken)) {
    throw new ValidationError(REQUEST, [{ param: 'token', message: 'The outgoing webhook token does not match this bot.' }]);
  }
  if (typeof record.message !== 'object' || record.message === null || typeof record.data !== 'string') {
    throw new ValidationError(REQUEST, [{ param: 'message', message: 'The outgoing webhook payload lacks its message or data.' }]);
  }
  return record as OutgoingWebhookPayload;
}
