// The account's disk while it refuses writes (full, or made read-only): what refused, said until it
// takes writes again; a look at the disk every few seconds (free space grown since it filled, the
// folder writable again) and a try anyway on a slow timer, so that sync does not download a
// snapshot it cannot store again and again, and resumes by itself once it can.
import type { Logger } from '../api/logger';
import { folderRefusal, freeBytes, type DiskFault } from '../files/disk-faults';

export interface DiskWatchOptions {
  logger: Logger;
  /** The fault reported, or undefined once the disk may take writes again. */
  onChange(fault: DiskFault | undefined): void;
  /** How often the disk is looked at while it refuses. */
  checkMs?: number;
  /** Without any sign of change, writes are tried again this long after the refusal. */
  retryMs?: number;
}

const DEFAULT_CHECK_MS = 5_000;
const DEFAULT_RETRY_MS = 5 * 60_000;
/** Free space grown by this much since the disk filled is worth a try: a snapshot's transaction needs room. */
const ROOM_TO_RESUME_BYTES = 1024 * 1024;

export class DiskWatch {
  readonly #o: DiskWatchOptions;
  #fault: DiskFault | undefined;
  #freeWhenRefused: number | undefined;
  #refusedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #waiting = new Set<() => void>();

  constructor(options: DiskWatchOptions) {
    this.#o = options;
  }

  /** What refused the last write, while the disk still refuses. */
  get fault(): DiskFault | undefined {
    return this.#fault;
  }

  /** A write was refused: said until the disk takes writes again. */
  report(fault: DiskFault): void {
    const first = this.#fault === undefined;
    this.#fault = fault;
    this.#freeWhenRefused = freeBytes(fault.path);
    this.#refusedAt = Date.now();
    if (first) {
      this.#o.logger.warn('the disk refuses writes', { problem: fault.problem, path: fault.path, code: fault.code });
      this.#o.onChange(fault);
    }
    this.#arm();
  }

  /** Resolves once the disk may take writes again, or `signal` aborts. */
  whenClear(signal: AbortSignal): Promise<void> {
    if (this.#fault === undefined || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.#waiting.delete(done);
        resolve();
      };
      this.#waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  dispose(): void {
    clearTimeout(this.#timer);
    for (const done of [...this.#waiting]) done();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#look(), this.#o.checkMs ?? DEFAULT_CHECK_MS);
  }

  #look(): void {
    const fault = this.#fault;
    if (fault === undefined) return;
    if (!this.#mayTakeWrites(fault) && Date.now() - this.#refusedAt < (this.#o.retryMs ?? DEFAULT_RETRY_MS)) {
      this.#o.logger.debug('the disk still refuses writes');
      this.#arm();
      return;
    }
    this.#o.logger.info('the disk may take writes again', { path: fault.path });
    this.#fault = undefined;
    this.#o.onChange(undefined);
    for (const done of [...this.#waiting]) done();
  }

  #mayTakeWrites(fault: DiskFault): boolean {
    if (fault.problem === 'full') {
      const free = freeBytes(fault.path);
      return free !== undefined && free >= (this.#freeWhenRefused ?? 0) + ROOM_TO_RESUME_BYTES;
    }
    if (fault.problem === 'read_only') return folderRefusal(fault.path) === undefined;
    return false;
  }
}
