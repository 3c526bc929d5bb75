// The user's own settings, as real servers take them (PATCH /settings, the family's endpoint, not
// in the spec): the display setting the app changes, twenty_four_hour_time, and whether drafts are
// kept on the server, enable_drafts_synchronization. All are checked before any changes; each that
// changes sends one user_settings event to the user's queues; other parameters are listed as ignored.
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { forgetDrafts } from './drafts';

// The users column of each, in the order real servers apply them.
const BOOLEAN_SETTINGS = ['twenty_four_hour_time', 'enable_drafts_synchronization'] as const;

export const userSettingsRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/settings',
    params: BOOLEAN_SETTINGS,
    handle({ sim, user, params }) {
      const requested = BOOLEAN_SETTINGS.flatMap((name) => {
        const value = params.json(name);
        if (value === undefined) return [];
        if (typeof value !== 'boolean') throw badRequest(`${name} is not a boolean`);
        return [{ name, value }];
      });
      for (const { name, value } of requested) {
        if ((user[name] === 1) === value) continue;
        sim.db.prepare(`UPDATE users SET ${name} = ? WHERE user_id = ?`).run(Number(value), user.user_id);
        sim.queues.publish([user.user_id], { type: 'user_settings', op: 'update', property: name, value });
        if (name === 'enable_drafts_synchronization' && !value) forgetDrafts(sim, user.user_id);
      }
      return {};
    },
  },
];
