// PATCH /realm, the organization's settings, administrators only. The simulator changes two of
// them so far: its name (real servers answer `"name": "updated"`, and refuse one over 40
// characters) and who may see messages' edit history (answered with its stored number); a change
// is told to everyone with a realm/update event.
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

const NAME_MAX = 40;

function setName(sim: Sim, params: Params): Answer {
  const name = params.string('name');
  if (name === undefined) return {};
  if (name.length > NAME_MAX) throw badRequest(`name is too long (limit: ${NAME_MAX} characters)`);
  if (sim.realm().name !== name) {
    sim.db.prepare('UPDATE realm SET name = ?').run(name);
    sim.queues.publish(everyone(sim), () => ({ type: 'realm', op: 'update', property: 'name', value: name }));
  }
  return { name: 'updated' };
}

export const realmSettingsRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/realm',
    params: ['name', 'message_edit_history_visibility_policy'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      return { ...setName(sim, params), ...setEditHistoryPolicy(sim, params) };
    },
  },
];
