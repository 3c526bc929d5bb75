// Queue registration (POST /register), long-polling (GET /events) and queue deletion (DELETE /events).
import type { Sim } from '../context';
import { SERVICE_VERSION } from '../context';
import type { UserRow } from '../db/rows';
import { versionFields } from '../dialect';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { initialState } from './register';
import type { EventQueue } from './queues';

const REGISTER_PARAMS = [
  'apply_markdown',
  'client_gravatar',
  'include_subscribers',
  'slim_presence',
  'presence_history_limit_days',
  'event_types',
  'all_public_streams',
  'client_capabilities',
  'fetch_event_types',
];

function typeSet(params: Params, name: string): Set<string> | null {
  const value = params.json(name);
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw badRequest(`${name} is not a list of strings`);
  return new Set(value as string[]);
}

function capabilities(params: Params): Record<string, boolean> {
  const value = params.json('client_capabilities');
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('client_capabilities is not a dict');
  return Object.fromEntries(Object.entries(value).map(([name, flag]) => [name, flag === true]));
}

function registerQueue(sim: Sim, user: UserRow, params: Params): { queue: EventQueue; eventTypes: Set<string> | null } {
  const eventTypes = typeSet(params, 'event_types');
  const queue = sim.queues.register(user.user_id, {
    eventTypes,
    capabilities: capabilities(params),
    allPublicStreams: params.bool('all_public_streams') ?? false,
    applyMarkdown: params.bool('apply_markdown') ?? false,
    clientGravatar: params.bool('client_gravatar') ?? true,
    slimPresence: params.bool('slim_presence') ?? false,
  });
  return { queue, eventTypes };
}

export const eventRoutes: Route[] = [
  {
    method: 'POST',
    path: '/register',
    params: REGISTER_PARAMS,
    handle({ sim, user, params }) {
      const fetch = typeSet(params, 'fetch_event_types');
      const { queue, eventTypes } = registerQueue(sim, user, params);
      const state = initialState(sim, {
        user,
        fetch: fetch ?? eventTypes,
        queue: queue.options,
        includeSubscribers: params.bool('include_subscribers') ?? false,
        presenceHistoryDays: params.int('presence_history_limit_days'),
      });
      return {
        queue_id: queue.id,
        last_event_id: queue.lastEventId,
        ...versionFields(sim.config.dialect, sim.faults.featureLevel, SERVICE_VERSION),
        ...state,
      };
    },
  },
  {
    method: 'GET',
    path: '/events',
    params: ['queue_id', 'last_event_id', 'dont_block', ...REGISTER_PARAMS],
    async handle({ sim, user, params, signal }) {
      const queueId = params.string('queue_id');
      // Without a queue_id the call registers a queue first, as real servers allow.
      const queue = queueId === undefined ? registerQueue(sim, user, params).queue : sim.queues.find(queueId, user.user_id);
      const events = await queue.poll(params.int('last_event_id'), params.bool('dont_block') ?? false, signal);
      return { events, queue_id: queue.id };
    },
  },
  {
    method: 'DELETE',
    path: '/events',
    params: ['queue_id'],
    handle({ sim, user, params }) {
      sim.queues.remove(params.requiredString('queue_id'), user.user_id);
      return {};
    },
  },
];
