// PATCH /realm, the organization's settings, administrators only. The simulator changes one of them
// so far, who may see messages' edit history; real servers answer with its stored number and tell
// everyone with a realm/update event when it changed.
import { requireAdministrator } from '../access';
import type { Sim } from '../context';
import { EDIT_HISTORY_POLICY_CODES, editHistoryPolicy, isEditHistoryPolicy } from '../editHistory/visibility';
import { everyone } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Answer, Route } from '../http/router';
import type { Params } from '../http/params';

function setEditHistoryPolicy(sim: Sim, params: Params): Answer {
  const requested = params.string('message_edit_history_visibility_policy');
  if (requested === undefined) return {};
  if (!isEditHistoryPolicy(requested)) throw badRequest('Invalid message_edit_history_visibility_policy');
  if (editHistoryPolicy(sim.realm()) !== requested) {
    sim.db.prepare('UPDATE realm SET message_edit_history_visibility_policy = ?').run(requested);
    sim.queues.publish(everyone(sim), () => ({ type: 'realm', op: 'update', property: 'message_edit_history_visibility_policy', value: requested }));
  }
  return { message_edit_history_visibility_policy: EDIT_HISTORY_POLICY_CODES[requested] };
}

export const realmSettingsRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/realm',
    params: ['message_edit_history_visibility_policy'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      return setEditHistoryPolicy(sim, params);
    },
  },
];
