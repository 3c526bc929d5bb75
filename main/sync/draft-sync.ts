// The user's drafts told to their server (the family's `/drafts`), so that their other devices
// show them: a draft is created or edited there a moment after the typing stops, and a draft sent
// or deleted here is deleted there. Online only, one request at a time, only where the user keeps
// drafts on the server (`enable_drafts_synchronization`). A creation is recorded before it is sent:
// if its answer never comes, the next registration says whether it was made, so no draft is
// created twice. The account session owns it and disposes it on sign-out.
import { z } from 'zod';
import { draftDataOf } from '../../shared/api/drafts';
import { recordId } from '../../shared/api/record-schemas';
import type { ConversationKey } from '../../shared/conversation';
import { mayHaveBeenDone } from '../../shared/failures';
import { checkedAnswer } from '../api/checked-answer';
import { ServiceError } from '../api/errors';
import { classifyFailure } from '../api/failures';
import type { Logger } from '../api/logger';
import type { OperationCaller } from '../api/service-client';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import {
  draftCreated,
  draftCreating,
  draftEdited,
  draftRemoved,
  draftsToSend,
  serverDraftGone,
  settleUnansweredCreations,
  unsentCreation,
  type DraftToSend,
} from '../store/drafts';
import { draftsSynchronized, ownUserIdOf, realmValue } from '../store/realm';
import { SerialPasses } from '../../shared/serial-passes';

/** Typing saves the draft every few hundred milliseconds; the server hears of it once the typing pauses. */
export const DRAFT_SEND_DELAY_MS = 2_000;
/** After the server failed or asked to wait: tried again this long after (or at the next time sync comes online). */
const RETRY_MS = 30_000;
/** The server's limit when it names none (the family's MAX_MESSAGE_LENGTH). */
const DEFAULT_MAX_LENGTH = 10_000;

export interface DraftSyncOptions {
  db: ReadOnlyMirror;
  write: MirrorWrite;
  client: OperationCaller<'createDrafts' | 'editDraft' | 'deleteDraft'>;
  online(): boolean;
  logger: Logger;
  delayMs?: number;
}

const createdSchema = z.looseObject({ ids: z.array(recordId) });

/** Why a pass stopped early: the request failed in a way the next ones would too. */
class PassStopped extends Error {}

export class DraftSync {
  readonly #o: DraftSyncOptions;
  readonly #stop = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #passes = new SerialPasses(() =>
    this.#sendAll().catch((error: unknown) => this.#o.logger.debug('drafts not sent to the server', { error: String(error) })),
  );
  /** A registration answered since the last pass: creations it did not name are settled. */
  #registered = false;
  /** Creations whose answer is awaited now. */
  readonly #underWay = new Set<ConversationKey>();
  /** Texts the server refused, by conversation: not sent again until edited. */
  readonly #refused = new Map<ConversationKey, string>();

  constructor(options: DraftSyncOptions) {
    this.#o = options;
  }

  /** A registration answered: it listed every draft the server has. */
  registered(): void {
    this.#registered = true;
    this.soon(0);
  }

  /** Drafts changed: the server hears of it after a moment, with whatever changes follow. */
  soon(delayMs: number = this.#o.delayMs ?? DRAFT_SEND_DELAY_MS): void {
    if (this.#stop.signal.aborted) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.run(), delayMs);
    this.#timer.unref?.();
  }

  /** Tells the server what it does not know yet (or once more after the pass under way). */
  run(): void {
    clearTimeout(this.#timer);
    if (!this.#stop.signal.aborted) this.#passes.run();
  }

  /** Resolves when no pass is running (for tests and for disposal). */
  async settled(): Promise<void> {
    await this.#passes.settled();
  }

  async dispose(): Promise<void> {
    this.#stop.abort();
    clearTimeout(this.#timer);
    await this.#passes.settled();
  }

  async #sendAll(): Promise<void> {
    if (!this.#o.online() || !draftsSynchronized(this.#o.db)) return;
    if (this.#registered) {
      this.#registered = false;
      this.#o.write((db) => settleUnansweredCreations(db, this.#underWay));
    }
    const limit = realmValue(this.#o.db, 'max_message_length');
    const { drafts, removals } = draftsToSend(this.#o.db, typeof limit === 'number' ? limit : DEFAULT_MAX_LENGTH);
    try {
      for (const server_id of removals) await this.#remove(server_id);
      for (const draft of drafts) {
        if (this.#refused.get(draft.conversation) !== draft.content) await this.#send(draft);
      }
    } catch (error) {
      if (!(error instanceof PassStopped)) throw error;
    }
  }

  async #remove(server_id: number): Promise<void> {
    try {
      await this.#o.client.call('deleteDraft', { draft_id: server_id }, { signal: this.#stop.signal });
    } catch (error) {
      // Already gone there (sent or deleted on another device): as good as done.
      if (classifyFailure(error).kind !== 'refused') this.#stopPass(error);
    }
    this.#o.write((db) => draftRemoved(db, server_id));
  }

  async #send(draft: DraftToSend): Promise<void> {
    const data = draftDataOf(draft.conversation, draft.content, ownUserIdOf(this.#o.db), draft.updated_at);
    if (!data) return;
    const signal = this.#stop.signal;
    if (draft.server_id !== null) {
      const server_id = draft.server_id;
      try {
        await this.#o.client.call('editDraft', { draft_id: server_id, draft: data }, { signal });
        this.#o.write((db) => draftEdited(db, server_id, draft.content));
      } catch (error) {
        if (classifyFailure(error).kind !== 'refused') this.#stopPass(error);
        // The copy is gone there (sent or deleted on another device): made again, the next pass.
        if (error instanceof ServiceError && error.status === 404) this.#o.write((db, changes) => serverDraftGone(db, server_id, changes));
        else this.#refuse(draft, error);
      }
      return;
    }
    this.#o.write((db) => draftCreating(db, draft.conversation, draft.content));
    this.#underWay.add(draft.conversation);
    try {
      const answer: unknown = await this.#o.client.call('createDrafts', { drafts: [data] }, { signal });
      const [server_id] = checkedAnswer('POST /drafts', 'answer', createdSchema, answer).ids;
      if (server_id !== undefined) this.#o.write((db) => draftCreated(db, draft.conversation, draft.content, server_id));
    } catch (error) {
      const { kind } = classifyFailure(error);
      // Perhaps made: the next registration tells. Surely not: this text is not kept there.
      if (!mayHaveBeenDone(kind)) this.#o.write((db) => unsentCreation(db, draft.conversation));
      if (kind !== 'refused') this.#stopPass(error);
      this.#refuse(draft, error);
    } finally {
      this.#underWay.delete(draft.conversation);
    }
  }

  #refuse(draft: DraftToSend, error: unknown): void {
    this.#refused.set(draft.conversation, draft.content);
    this.#o.logger.debug('the server did not keep a draft', { error: String(error) });
  }

  /** Offline, failed or asked to wait: the pass ends; the next time sync comes online (or a while later) tries again. */
  #stopPass(error: unknown): never {
    const failure = classifyFailure(error);
    if (failure.kind !== 'unreachable' && !this.#stop.signal.aborted) this.soon(failure.retryAfter !== undefined ? failure.retryAfter * 1000 : RETRY_MS);
    throw new PassStopped(failure.message);
  }
}
