// The user's own settings, as real servers take them (PATCH /settings, the family's endpoint, not
// in the spec): the display setting the app changes, twenty_four_hour_time, with one
// user_settings event to the user's queues; other parameters are listed as ignored.
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';

export const userSettingsRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/settings',
    params: ['twenty_four_hour_time'],
    handle({ sim, user, params }) {
      const value = params.json('twenty_four_hour_time');
      if (value === undefined) return {};
      if (typeof value !== 'boolean') throw badRequest('twenty_four_hour_time is not a boolean');
      sim.db.prepare('UPDATE users SET twenty_four_hour_time = ? WHERE user_id = ?').run(Number(value), user.user_id);
      sim.queues.publish([user.user_id], { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value });
      return {};
    },
  },
];
