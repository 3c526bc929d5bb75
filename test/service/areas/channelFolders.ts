// Channel folders: listing, creation and update (rename, describe, archive) by administrators.
import { requireAdministrator } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { ChannelFolderRow } from '../db/rows';
import { everyone } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { renderMarkdown } from '../render';

export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

/** The spec names the ID channel_folder_id; real servers call it id. Both are sent. */
export function channelFolderRecord(row: ChannelFolderRow): Record<string, unknown> {
  return {
    id: row.channel_folder_id,
    channel_folder_id: row.channel_folder_id,
    name: row.name,
    description: row.description,
    rendered_description: row.rendered_description,
    is_archived: row.is_archived === 1,
    order: row.order,
    date_created: row.date_created,
    creator_id: row.creator_id,
  };
}

export function channelFolders(sim: Sim): ChannelFolderRow[] {
  return sim.db.prepare('SELECT * FROM channel_folders ORDER BY "order", channel_folder_id').all() as ChannelFolderRow[];
}

function checkName(sim: Sim, raw: string, exceptId: number | null): string {
  const name = raw.trim();
  if (name === '') throw badRequest("Channel folder name can't be empty.");
  if (name.length > MAX_CHANNEL_FOLDER_NAME_LENGTH) throw badRequest(`Channel folder name too long (limit: ${MAX_CHANNEL_FOLDER_NAME_LENGTH} characters).`);
  const clash = sim.db
    .prepare('SELECT channel_folder_id FROM channel_folders WHERE name = ? COLLATE NOCASE AND is_archived = 0 AND channel_folder_id IS NOT ?')
    .get(name, exceptId);
  if (clash !== undefined) throw badRequest(`Channel folder name already in use: ${name}`);
  return name;
}

function checkDescription(description: string): string {
  if (description.length > MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH) {
    throw badRequest(`Channel folder description too long (limit: ${MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH} characters).`);
  }
  return description;
}

const rendered = (description: string): string => (description === '' ? '' : renderMarkdown(description));

export const channelFolderRoutes: Route[] = [
  {
    method: 'GET',
    path: '/channel_folders',
    params: ['include_archived'],
    handle({ sim, params }) {
      const includeArchived = params.bool('include_archived') ?? false;
      return { channel_folders: channelFolders(sim).filter((row) => includeArchived || row.is_archived === 0).map(channelFolderRecord) };
    },
  },
  {
    method: 'POST',
    path: '/channel_folders/create',
    params: ['name', 'description'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      const name = checkName(sim, params.requiredString('name'), null);
      const description = checkDescription(params.requiredString('description'));
      const order = (sim.db.prepare('SELECT COALESCE(MAX("order"), 0) + 1 FROM channel_folders').pluck().get() as number);
      const { lastInsertRowid } = sim.db
        .prepare('INSERT INTO channel_folders (name, description, rendered_description, "order", date_created, creator_id) VALUES (?, ?, ?, ?, ?, ?)')
        .run(name, description, rendered(description), order, nowSeconds(), user.user_id);
      const row = sim.db.prepare('SELECT * FROM channel_folders WHERE channel_folder_id = ?').get(lastInsertRowid) as ChannelFolderRow;
      sim.queues.publish(everyone(sim), { type: 'channel_folder', op: 'add', channel_folder: channelFolderRecord(row) });
      return { channel_folder_id: row.channel_folder_id };
    },
  },
  {
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    params: ['name', 'description', 'is_archived'],
    handle({ sim, user, params, path }) {
      requireAdministrator(user);
      const id = path.int('channel_folder_id');
      const row = sim.db.prepare('SELECT * FROM channel_folders WHERE channel_folder_id = ?').get(id) as ChannelFolderRow | undefined;
      if (row === undefined) throw badRequest('Invalid channel folder ID');
      const data: Record<string, unknown> = {};
      const name = params.string('name');
      const description = params.string('description');
      const isArchived = params.bool('is_archived');
      if (name !== undefined) data['name'] = checkName(sim, name, id);
      if (description !== undefined) {
        data['description'] = checkDescription(description);
        data['rendered_description'] = rendered(description);
      }
      if (isArchived !== undefined) data['is_archived'] = isArchived;
      if (Object.keys(data).length === 0) return {};
      sim.db
        .prepare(
          `UPDATE channel_folders SET name = COALESCE(@name, name), description = COALESCE(@description, description),
             rendered_description = COALESCE(@rendered_description, rendered_description), is_archived = COALESCE(@is_archived, is_archived)
           WHERE channel_folder_id = @id`,
        )
        .run({
          id,
          name: data['name'] ?? null,
          description: data['description'] ?? null,
          rendered_description: data['rendered_description'] ?? null,
          is_archived: isArchived === undefined ? null : Number(isArchived),
        });
      sim.queues.publish(everyone(sim), { type: 'channel_folder', op: 'update', channel_folder_id: id, data });
      return {};
    },
  },
];
