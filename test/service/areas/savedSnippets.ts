// Saved snippets: each user's own reusable message texts.
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { SavedSnippetRow, UserRow } from '../db/rows';
import { badRequest, resourceNotFound } from '../http/errors';
import type { Route } from '../http/router';
import { MAX_MESSAGE_LENGTH } from '../messaging/send';

const MAX_SNIPPET_TITLE_LENGTH = 60;

/** The spec names the ID saved_snippet_id; real servers call it id. Both are sent. */
export function savedSnippetRecord(row: SavedSnippetRow): Record<string, unknown> {
  return { id: row.saved_snippet_id, saved_snippet_id: row.saved_snippet_id, title: row.title, content: row.content, date_created: row.date_created };
}

function ownSnippet(sim: Sim, user: UserRow, id: number): SavedSnippetRow {
  const row = sim.db.prepare('SELECT * FROM saved_snippets WHERE saved_snippet_id = ? AND user_id = ?').get(id, user.user_id) as SavedSnippetRow | undefined;
  if (row === undefined) throw resourceNotFound('Saved snippet does not exist.');
  return row;
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest('Title cannot be empty.');
  if (trimmed.length > MAX_SNIPPET_TITLE_LENGTH) throw badRequest(`title is too long (limit: ${MAX_SNIPPET_TITLE_LENGTH} characters)`);
  return trimmed;
}

function checkContent(content: string): string {
  if (content.trim() === '') throw badRequest('Content cannot be empty.');
  if (content.length > MAX_MESSAGE_LENGTH) throw badRequest(`content is too long (limit: ${MAX_MESSAGE_LENGTH} characters)`);
  return content;
}

const load = (sim: Sim, id: number): SavedSnippetRow => sim.db.prepare('SELECT * FROM saved_snippets WHERE saved_snippet_id = ?').get(id) as SavedSnippetRow;

export const savedSnippetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/saved_snippets',
    params: [],
    handle({ sim, user }) {
      const rows = sim.db.prepare('SELECT * FROM saved_snippets WHERE user_id = ? ORDER BY saved_snippet_id').all(user.user_id) as SavedSnippetRow[];
      return { saved_snippets: rows.map(savedSnippetRecord) };
    },
  },
  {
    method: 'POST',
    path: '/saved_snippets',
    params: ['title', 'content'],
    handle({ sim, user, params }) {
      const title = checkTitle(params.requiredString('title'));
      const content = checkContent(params.requiredString('content'));
      const { lastInsertRowid } = sim.db
        .prepare('INSERT INTO saved_snippets (user_id, title, content, date_created) VALUES (?, ?, ?, ?)')
        .run(user.user_id, title, content, nowSeconds());
      const row = load(sim, Number(lastInsertRowid));
      sim.queues.publish([user.user_id], { type: 'saved_snippets', op: 'add', saved_snippet: savedSnippetRecord(row) });
      return { saved_snippet_id: row.saved_snippet_id };
    },
  },
  {
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    params: ['title', 'content'],
    handle({ sim, user, params, path }) {
      const row = ownSnippet(sim, user, path.int('saved_snippet_id'));
      const title = params.string('title');
      const content = params.string('content');
      if (title === undefined && content === undefined) throw badRequest('At least one of title or content must be provided.');
      const next = { ...row, title: title === undefined ? row.title : checkTitle(title), content: content === undefined ? row.content : checkContent(content) };
      sim.db.prepare('UPDATE saved_snippets SET title = @title, content = @content WHERE saved_snippet_id = @saved_snippet_id').run(next);
      sim.queues.publish([user.user_id], { type: 'saved_snippets', op: 'update', saved_snippet: savedSnippetRecord(next) });
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    params: [],
    handle({ sim, user, path }) {
      const row = ownSnippet(sim, user, path.int('saved_snippet_id'));
      sim.db.prepare('DELETE FROM saved_snippets WHERE saved_snippet_id = ?').run(row.saved_snippet_id);
      sim.queues.publish([user.user_id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: row.saved_snippet_id });
      return {};
    },
  },
];
