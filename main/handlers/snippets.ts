// Saved snippets: listed from the mirror; edits wait in the outbox offline, creation and
// deletion need the server.
import type { SavedSnippet } from '../../shared/api/records';
import { allRecords, deleteRecords, getRecord, upsertRecords } from '../store/keyed-table';
import { savedSnippetsTable } from '../store/personal';
import type { CoreContext } from './context';
import { callOrDefer } from './deferrable';
import type { AreaHandlers } from './dispatch';
import { UserFacingError } from './dispatch';
import { requireOnline } from './online';

export function snippetHandlers(context: CoreContext): AreaHandlers<'snippets.list' | 'snippets.create' | 'snippets.edit' | 'snippets.delete'> {
  return {
    'snippets.list': () => allRecords(context.activeSession().db, savedSnippetsTable),
    'snippets.create': async ({ title, content }) => {
      const session = context.activeSession();
      requireOnline(session, 'Creating a saved snippet');
      const { saved_snippet_id } = await session.client.call('createSavedSnippet', { title, content });
      upsertRecords(session.db, savedSnippetsTable, [{ saved_snippet_id, title, content }]);
      return { saved_snippet_id };
    },
    'snippets.edit': async ({ saved_snippet_id, title, content }) => {
      const session = context.activeSession();
      const cached = getRecord(session.db, savedSnippetsTable, saved_snippet_id);
      if (!cached) throw new UserFacingError('BAD_REQUEST', 'There is no such saved snippet.');
      const change = { ...(title !== undefined && { title }), ...(content !== undefined && { content }) };
      upsertRecords<SavedSnippet>(session.db, savedSnippetsTable, [{ ...cached, ...change }]);
      const payload = { saved_snippet_id, ...change };
      const deferred = await callOrDefer(session, { kind: 'editSavedSnippet', record: { table: 'saved_snippets', saved_snippet_id }, payload });
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'snippets.delete': async ({ saved_snippet_id }) => {
      const session = context.activeSession();
      requireOnline(session, 'Deleting a saved snippet');
      await session.client.call('deleteSavedSnippet', { saved_snippet_id });
      deleteRecords(session.db, savedSnippetsTable, [saved_snippet_id]);
      return null;
    },
  };
}
