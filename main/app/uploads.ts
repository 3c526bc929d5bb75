// One account's uploads: files staged in its data directory (main/files/staging-area.ts), then
// sent to its server, one upload per staged file at a time, each cancellable, its progress told
// a few times a second. A file over the server's limit is refused before it is staged, and
// again (a limit may have changed since) before a byte of it is sent. The server's answer is
// recorded with the staged file before it is handed on, so a message that links the file is
// only ever sent with a recorded answer, and asking again never uploads the file twice.
import type { UploadedFile, UploadProgress } from '../../shared/ipc';
import { FileTooLargeError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import { overLimitMessage, uploadLimitBytes } from '../api/upload';
import { notStaged, StagingError, type StagedRecord, type StagingArea } from '../files/staging-area';

export interface UploadsOptions {
  staging: StagingArea;
  client: Pick<ServiceClient, 'upload'>;
  /** The server's max_file_upload_size_mib as the mirror has it now; undefined when unknown. */
  limitMib: () => number | undefined;
  onProgress: (progress: UploadProgress) => void;
  /** The least time between two progress notices of one upload, in ms (default 100). */
  progressIntervalMs?: number;
}

export class Uploads {
  readonly #options: UploadsOptions;
  /** The uploads under way, by staged id: a second caller (the outbox, the compose box) waits for the same one. */
  readonly #running = new Map<string, { controller: AbortController; answer: Promise<UploadedFile> }>();

  constructor(options: UploadsOptions) {
    this.#options = options;
  }

  /** Starts staging a file; refused at once when it is over the server's limit or the app's. */
  begin(request: { name: string; size: number; type: string }): ReturnType<StagingArea['begin']> {
    const limitMib = this.#options.limitMib();
    if (limitMib !== undefined && request.size > uploadLimitBytes(limitMib)) {
      throw new FileTooLargeError('POST /user_uploads', overLimitMessage(request, limitMib), limitMib);
    }
    return this.#options.staging.begin(request);
  }

  chunk(staged_id: string, offset: number, bytes: Uint8Array): ReturnType<StagingArea['chunk']> {
    return this.#options.staging.chunk(staged_id, offset, bytes);
  }

  finish(staged_id: string): ReturnType<StagingArea['finish']> {
    return this.#options.staging.finish(staged_id);
  }

  /** Removes a staged file (sent, or dropped by the user), stopping its upload if one is under way. */
  async discard(staged_id: string): Promise<void> {
    this.cancel(staged_id);
    await this.#options.staging.discard(staged_id);
  }

  /** Uploads a staged file, or answers the upload already recorded for it, or the one under way. */
  upload(staged_id: string): Promise<UploadedFile> {
    const running = this.#running.get(staged_id);
    if (running) return running.answer;
    const staged = this.#options.staging.staged(staged_id);
    if (!staged) return Promise.reject(notStaged());
    if (staged.uploaded) return Promise.resolve({ staged_id, ...staged.uploaded });
    const controller = new AbortController();
    const answer = this.#send(staged_id, staged, controller).finally(() => this.#running.delete(staged_id));
    this.#running.set(staged_id, { controller, answer });
    return answer;
  }

  async #send(staged_id: string, staged: StagedRecord & { path: string }, controller: AbortController): Promise<UploadedFile> {
    const total = staged.size;
    const interval = this.#options.progressIntervalMs ?? 100;
    let toldAt = -Infinity;
    let latest = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const notify = () => {
      clearTimeout(trailing);
      trailing = undefined;
      toldAt = performance.now();
      this.#options.onProgress({ staged_id, sent: latest, total });
    };
    const tell = (sent: number) => {
      latest = sent;
      const wait = toldAt + interval - performance.now();
      if (sent >= total || wait <= 0) notify();
      // A count held back is told once the interval is over: the bytes sent just before the
      // connection stalls still show, not the count of a moment earlier.
      else trailing ??= setTimeout(notify, wait);
    };
    try {
      tell(0);
      const limitMib = this.#options.limitMib();
      const answer = await this.#options.client.upload(
        { path: staged.path, name: staged.name, type: staged.type, size: staged.size },
        { signal: controller.signal, onProgress: tell, ...(limitMib !== undefined && { limitMib }) },
      );
      this.#options.staging.recordUpload(staged_id, answer);
      return { staged_id, ...answer };
    } catch (error) {
      if (controller.signal.aborted) throw new StagingError('CANCELLED', `The upload of “${staged.name}” was cancelled.`);
      throw error;
    } finally {
      clearTimeout(trailing);
    }
  }

  /** Stops the staged file's upload under way, if any; the staged file stays. */
  cancel(staged_id: string): void {
    this.#running.get(staged_id)?.controller.abort();
  }

  /** Whether a staged file is kept, whole, for sending. */
  isStaged(staged_id: string): boolean {
    return this.#options.staging.staged(staged_id) !== undefined;
  }

  /** Removes the staged files not in `keep` (no draft or queued message names them). */
  sweep(keep: ReadonlySet<string>): Promise<number> {
    return this.#options.staging.sweep(keep);
  }

  /** Stops every upload and drops the files still arriving; staged files stay for the next session. */
  async close(): Promise<void> {
    for (const { controller } of this.#running.values()) controller.abort();
    await this.#options.staging.close();
  }
}
