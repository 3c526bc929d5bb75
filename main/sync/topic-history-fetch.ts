// A channel's topic history, asked of its server the first time the channel's topics are read in a
// session while online (the sidebar opening the channel, the composer's or the search box's topic
// suggestions) and kept in the mirror, for the next start and for offline. Asked once a session: new
// messages and moves keep it current meanwhile; after a deletion in the channel it is asked again
// (a topic whose newest message went may have older ones the mirror never cached). The account
// session owns it.
import { z } from 'zod';
import { channelTopicSchema } from '../../shared/api/channel-topics';
import { checkedAnswer } from '../api/checked-answer';
import { isOffline } from '../api/failures';
import type { Logger } from '../api/logger';
import type { OperationCaller } from '../api/service-client';
import type { MirrorWrite } from '../store/changes';
import { replaceTopicHistory } from '../store/topic-history';

const answerSchema = z.looseObject({ topics: z.array(channelTopicSchema) });

export interface TopicHistoryFetchOptions {
  write: MirrorWrite;
  client: OperationCaller<'getChannelTopics'>;
  online: () => boolean;
  logger: Logger;
}

export class TopicHistoryFetch {
  readonly #o: TopicHistoryFetchOptions;
  readonly #stop = new AbortController();
  /** Channels asked for this session (or being asked). */
  readonly #asked = new Set<number>();
  readonly #inFlight = new Set<Promise<void>>();

  constructor(options: TopicHistoryFetchOptions) {
    this.#o = options;
  }

  /** Asks for the channel's topics unless asked this session, or offline; the answer is written with its change notice. */
  ensure(stream_id: number): void {
    if (this.#stop.signal.aborted || !this.#o.online() || this.#asked.has(stream_id)) return;
    this.#asked.add(stream_id);
    const fetched = this.#fetch(stream_id).finally(() => this.#inFlight.delete(fetched));
    this.#inFlight.add(fetched);
  }

  /** Messages of the channel were deleted: its next read asks again. */
  messagesDeleted(stream_id: number): void {
    this.#asked.delete(stream_id);
  }

  /** Resolves when nothing is being asked (for tests and for disposal). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** Stops at once; an answer still coming is never written. */
  async dispose(): Promise<void> {
    this.#stop.abort();
    await this.settled();
  }

  async #fetch(stream_id: number): Promise<void> {
    const signal = this.#stop.signal;
    try {
      const answer: unknown = await this.#o.client.call('getChannelTopics', { stream_id }, { signal });
      const { topics } = checkedAnswer('GET /users/me/{stream_id}/topics', 'answer', answerSchema, answer);
      if (signal.aborted) return;
      this.#o.write((db, changes) => replaceTopicHistory(db, stream_id, topics, changes));
    } catch (error) {
      if (signal.aborted) return;
      // Cut off on the way: the next read online asks again. Refused (a channel no longer readable):
      // not again this session, as every change notice reads the topics again.
      if (isOffline(error)) this.#asked.delete(stream_id);
      this.#o.logger.debug("a channel's topics were not fetched", { stream_id, error: String(error) });
    }
  }
}
