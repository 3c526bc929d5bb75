// Saved snippets: listed from the mirror; edits wait in the outbox offline, creation and
// deletion need the server.
import { UserFacingError } from '../app/user-facing-error';
import { allRecords, getRecord } from '../store/keyed-table';
import { forgetSnippet, savedSnippetsTable, saveSnippet } from '../store/personal';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function snippetHandlers(context: CoreContext): AreaHandlers<'snippets.list' | 'snippets.create' | 'snippets.edit' | 'snippets.delete'> {
  return {
    'snippets.list': () => allRecords(context.activeSession().db, savedSnippetsTable),
    'snippets.create': async ({ title, content }) => {
      const session = context.activeSession();
      session.requireOnline('Creating a saved snippet');
      const { saved_snippet_id } = await session.client.call('createSavedSnippet', { title, content });
      session.write((db, changes) => saveSnippet(db, { saved_snippet_id, title, content }, changes));
      return { saved_snippet_id };
    },
    'snippets.edit': async ({ saved_snippet_id, title, content }) => {
      const session = context.activeSession();
      const cached = getRecord(session.db, savedSnippetsTable, saved_snippet_id);
      if (!cached) throw new UserFacingError('BAD_REQUEST', 'There is no such saved snippet.');
      const change = { ...(title !== undefined && { title }), ...(content !== undefined && { content }) };
      session.write((db, changes) => saveSnippet(db, { ...cached, ...change }, changes));
      const payload = { saved_snippet_id, ...change };
      const deferred = await session.deferrable.call({ kind: 'editSavedSnippet', record: { table: 'saved_snippets', saved_snippet_id }, payload });
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'snippets.delete': async ({ saved_snippet_id }) => {
      const session = context.activeSession();
      session.requireOnline('Deleting a saved snippet');
      await session.client.call('deleteSavedSnippet', { saved_snippet_id });
      session.write((db, changes) => forgetSnippet(db, saved_snippet_id, changes));
      return null;
    },
  };
}
