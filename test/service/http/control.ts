// Test controls outside /api/v1, without authentication, for a simulator running as a child
// process: POST /__sim/faults (merged into the faults), /__sim/expire_queues,
// /__sim/deliver_scheduled ({now?}), /__sim/outgoing_webhook_url ({bot_user_id, url}),
// /__sim/requests ({user_id?, since?}: the answered requests counted per route and status).
import type { Faults } from '../config';
import type { RequestLog } from './requestLog';
import type { ControlHandler } from './server';

export interface ControlActions {
  faults: Faults;
  expireQueues(): void;
  deliverDueScheduledMessages(nowSeconds?: number): void;
  setOutgoingWebhookUrl(botUserId: number, url: string): void;
  requests: RequestLog;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function controlHandler(actions: ControlActions): ControlHandler {
  return (path, body) => {
    const input = isRecord(body) ? body : {};
    switch (path) {
      case 'faults':
        for (const [name, value] of Object.entries(input)) {
          if (name in actions.faults && (typeof value === 'number' || value === null)) Object.assign(actions.faults, { [name]: value });
        }
        return { result: 'success', msg: '', faults: { ...actions.faults } };
      case 'expire_queues':
        actions.expireQueues();
        return { result: 'success', msg: '' };
      case 'deliver_scheduled':
        actions.deliverDueScheduledMessages(typeof input['now'] === 'number' ? input['now'] : undefined);
        return { result: 'success', msg: '' };
      case 'outgoing_webhook_url':
        if (typeof input['bot_user_id'] !== 'number' || typeof input['url'] !== 'string') return { result: 'error', msg: 'bot_user_id and url required' };
        actions.setOutgoingWebhookUrl(input['bot_user_id'], input['url']);
        return { result: 'success', msg: '' };
      case 'requests': {
        const filter = {
          ...(typeof input['user_id'] === 'number' && { user_id: input['user_id'] }),
          ...(typeof input['since'] === 'number' && { since: input['since'] }),
        };
        return { result: 'success', msg: '', requests: actions.requests.counts(filter) };
      }
      default:
        return null;
    }
  };
}
