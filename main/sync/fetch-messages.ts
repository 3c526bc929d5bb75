// Messages the event queue could not deliver, fetched with GET /messages: those sent while a
// queue was lost (after a re-registration), and those an unusable event named.
import type { GetMessagesParams } from '../../shared/api/operations';
import type { OperationCaller } from '../api/service-client';
import type { ChangeSink } from '../store/changes';
import type { MirrorDatabase } from '../store/database';
import { newestMessageId, upsertMessages } from '../store/messages';
import { checkedMessages } from './answers';

export type MessagesClient = OperationCaller<'getMessages'>;

/** One page, and at most this many pages: a long absence is not fetched whole, the rest comes when shown. */
export const BACKFILL_PAGE = 200;
export const BACKFILL_MAX_PAGES = 5;
/** At most this many messages refreshed one by one after unusable events. */
export const MAX_REFRESHED_MESSAGES = 100;

async function fetchInto(client: MessagesClient, db: MirrorDatabase, params: GetMessagesParams, signal: AbortSignal, changes: ChangeSink) {
  const answer = checkedMessages(await client.call('getMessages', { narrow: [], apply_markdown: true, ...params }, { signal }));
  upsertMessages(db, answer.messages.map((message) => ({ message, flags: message.flags ?? [] })), changes);
  return { ids: answer.messages.map((m) => m.id), found_newest: answer.found_newest };
}

/** The messages newer than the newest cached, page by page; returns their ids. Nothing cached, nothing to continue. */
export async function backfillMessages(client: MessagesClient, db: MirrorDatabase, signal: AbortSignal, changes: ChangeSink): Promise<number[]> {
  const fetched: number[] = [];
  for (let page = 0; page < BACKFILL_MAX_PAGES; page++) {
    const anchor = newestMessageId(db);
    if (anchor === undefined) break;
    const { ids, found_newest } = await fetchInto(client, db, { anchor, include_anchor: false, num_before: 0, num_after: BACKFILL_PAGE }, signal, changes);
    fetched.push(...ids);
    if (found_newest || ids.length === 0) break;
  }
  return fetched;
}

/** The newest messages as the server has them now, one page; returns their ids. */
export async function refreshNewestMessages(client: MessagesClient, db: MirrorDatabase, signal: AbortSignal, changes: ChangeSink): Promise<number[]> {
  return (await fetchInto(client, db, { anchor: 'newest', num_before: BACKFILL_PAGE, num_after: 0 }, signal, changes)).ids;
}

/** The named messages as the server has them now (their flags, reactions, content); returns those it sent. */
export async function refreshMessages(client: MessagesClient, db: MirrorDatabase, message_ids: readonly number[], signal: AbortSignal, changes: ChangeSink): Promise<number[]> {
  const fetched: number[] = [];
  for (const anchor of message_ids.slice(0, MAX_REFRESHED_MESSAGES)) {
    const { ids } = await fetchInto(client, db, { anchor, include_anchor: true, num_before: 0, num_after: 0 }, signal, changes);
    fetched.push(...ids);
  }
  return fetched;
}
