// Linkifiers: regular expressions whose matches link to an RFC 6570 URL template.
import { requireAdministrator } from '../access';
import type { Sim } from '../context';
import type { LinkifierRow } from '../db/rows';
import { everyone } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { compilePattern, groupNames, templateVariables } from '../linkify';

/** The spec names the ID filter_id; real servers call it id. Both are sent. */
function linkifierRecord(row: LinkifierRow): Record<string, unknown> {
  return { id: row.id, filter_id: row.id, pattern: row.pattern, url_template: row.url_template };
}

/** Clients that did not declare linkifier_url_template cannot use templates and get none. */
export function linkifiersFor(sim: Sim, capabilities: Readonly<Record<string, boolean>>): Record<string, unknown>[] {
  if (capabilities['linkifier_url_template'] !== true) return [];
  return (sim.db.prepare('SELECT * FROM linkifiers ORDER BY "order", id').all() as LinkifierRow[]).map(linkifierRecord);
}

function checkLinkifier(sim: Sim, params: Params, exceptId: number | null): { pattern: string; url_template: string } {
  const pattern = params.requiredString('pattern').trim();
  const urlTemplate = params.requiredString('url_template').trim();
  if (pattern === '' || compilePattern(pattern) === null) throw badRequest('Invalid linkifier pattern.');
  if (!/^https?:\/\/\S+$/.test(urlTemplate)) throw badRequest('Invalid URL template.');
  const groups = groupNames(pattern);
  for (const variable of templateVariables(urlTemplate)) {
    if (!groups.includes(variable)) throw badRequest(`Group '${variable}' in URL template is not present in linkifier pattern.`);
  }
  const clash = sim.db.prepare('SELECT id FROM linkifiers WHERE pattern = ? AND id IS NOT ?').get(pattern, exceptId);
  if (clash !== undefined) throw badRequest('Linkifier with this pattern already exists.');
  return { pattern, url_template: urlTemplate };
}

function publishLinkifiers(sim: Sim): void {
  sim.queues.publish(everyone(sim), (queue) => ({ type: 'realm_linkifiers', realm_linkifiers: linkifiersFor(sim, queue.options.capabilities) }));
}

function existing(sim: Sim, id: number): LinkifierRow {
  const row = sim.db.prepare('SELECT * FROM linkifiers WHERE id = ?').get(id) as LinkifierRow | undefined;
  if (row === undefined) throw badRequest('Linkifier not found.');
  return row;
}

export const linkifierRoutes: Route[] = [
  {
    method: 'GET',
    path: '/realm/linkifiers',
    params: [],
    handle({ sim }) {
      return { linkifiers: linkifiersFor(sim, { linkifier_url_template: true }) };
    },
  },
  {
    method: 'POST',
    path: '/realm/filters',
    params: ['pattern', 'url_template'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      const linkifier = checkLinkifier(sim, params, null);
      const order = sim.db.prepare('SELECT COALESCE(MAX("order"), 0) + 1 FROM linkifiers').pluck().get() as number;
      const { lastInsertRowid } = sim.db.prepare('INSERT INTO linkifiers (pattern, url_template, "order") VALUES (?, ?, ?)').run(linkifier.pattern, linkifier.url_template, order);
      publishLinkifiers(sim);
      return { id: Number(lastInsertRowid) };
    },
  },
  {
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    params: ['pattern', 'url_template'],
    handle({ sim, user, params, path }) {
      requireAdministrator(user);
      const row = existing(sim, path.int('filter_id'));
      const linkifier = checkLinkifier(sim, params, row.id);
      sim.db.prepare('UPDATE linkifiers SET pattern = ?, url_template = ? WHERE id = ?').run(linkifier.pattern, linkifier.url_template, row.id);
      publishLinkifiers(sim);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/realm/filters/{filter_id}',
    params: [],
    handle({ sim, user, path }) {
      requireAdministrator(user);
      const row = existing(sim, path.int('filter_id'));
      sim.db.prepare('DELETE FROM linkifiers WHERE id = ?').run(row.id);
      publishLinkifiers(sim);
      return {};
    },
  },
];
