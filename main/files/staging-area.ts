// Files staged for upload, one account's, on disk: the renderer cannot write files, and a file
// may wait (offline) for a later upload, across restarts. Each staged file is a directory
// <dir>/<staged_id>/ holding `file` (its bytes) and, once every byte has arrived and is on disk,
// `record.json` (name, type, size, and the upload's answer once there is one), written atomically.
// A directory without a complete record is a staging a crash or a restart interrupted: removed
// when the area opens. Bounded: one file, and all files together, may take so much and no more.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { safeFileName } from '../../shared/file-names';
import { STAGE_CHUNK_BYTES, stagedId, type StagedFile } from '../../shared/ipc';
import { diskFaultOf } from './disk-faults';
import { readJson, writeJsonAtomic } from './json-file';

export interface StagingLimits {
  /** The most one staged file may take. */
  maxFileBytes: number;
  /** The most all staged files (and those arriving) may take together. */
  maxTotalBytes: number;
}

const GiB = 1024 * 1024 * 1024;

/**
 * Beyond what real servers of the family take in one file (their limit is an organization
 * setting, often 25 or 100 MiB), and a few such files waiting offline.
 */
export const DEFAULT_STAGING_LIMITS: StagingLimits = { maxFileBytes: GiB, maxTotalBytes: 4 * GiB };

const FILE = 'file';
const RECORD = 'record.json';

const recordSchema = z.object({
  staged_id: stagedId,
  name: z.string(),
  type: z.string(),
  size: z.number().int().min(0),
  created_at: z.number(),
  /** The server's answer to the upload, recorded before anything relies on it. */
  uploaded: z.object({ url: z.string(), filename: z.string() }).nullable(),
});
export type StagedRecord = z.infer<typeof recordSchema>;

/** Staging refused or failed, with a code for the renderer and a sentence for the user. */
export class StagingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StagingError';
  }
}

interface Arriving {
  record: StagedRecord;
  handle: FileHandle;
  /** Bytes accepted so far: the offset the next chunk must start at. */
  received: number;
  /** Writes under way, awaited before the file is finished or dropped. */
  writes: Set<Promise<unknown>>;
}

/** A media type as `type/subtype`, lower case, without parameters; anything else is application/octet-stream. */
export function mediaType(reported: string): string {
  const type = reported.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : 'application/octet-stream';
}

function sizeText(bytes: number): string {
  return bytes >= GiB ? `${(bytes / GiB).toFixed(1)} GiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export class StagingArea {
  readonly #dir: string;
  readonly #limits: StagingLimits;
  readonly #arriving = new Map<string, Arriving>();
  /** The size of every staged or arriving file, by id: what counts against maxTotalBytes. */
  readonly #sizes = new Map<string, number>();

  constructor(dir: string, limits: StagingLimits = DEFAULT_STAGING_LIMITS) {
    this.#dir = dir;
    this.#limits = limits;
    mkdirSync(dir, { recursive: true });
    for (const entry of readdirSync(dir)) {
      const record = this.#readRecord(entry);
      if (record && statSync(join(dir, entry, FILE), { throwIfNoEntry: false })?.size === record.size) this.#sizes.set(entry, record.size);
      else rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }

  /** Starts a file of `size` bytes; refused when it, or it with those waiting, is over the limits. */
  async begin(request: { name: string; size: number; type: string }): Promise<{ staged_id: string; chunk_bytes: number }> {
    const name = safeFileName(request.name);
    if (request.size > this.#limits.maxFileBytes) {
      throw new StagingError('FILE_TOO_LARGE', `“${name}” (${sizeText(request.size)}) is larger than the ${sizeText(this.#limits.maxFileBytes)} the app keeps for one file.`);
    }
    const waiting = [...this.#sizes.values()].reduce((sum, size) => sum + size, 0);
    if (waiting + request.size > this.#limits.maxTotalBytes) {
      throw new StagingError(
        'STAGING_FULL',
        `“${name}” does not fit: files waiting to be sent take ${sizeText(waiting)} of the ${sizeText(this.#limits.maxTotalBytes)} the app keeps. Send or remove some first.`,
      );
    }
    const staged_id = randomBytes(16).toString('hex');
    const record: StagedRecord = { staged_id, name, type: mediaType(request.type), size: request.size, created_at: Date.now(), uploaded: null };
    this.#sizes.set(staged_id, request.size);
    try {
      mkdirSync(this.#pathOf(staged_id));
      const handle = await open(join(this.#pathOf(staged_id), FILE), 'wx');
      this.#arriving.set(staged_id, { record, handle, received: 0, writes: new Set() });
    } catch (error) {
      await this.discard(staged_id);
      throw writeFailed(error);
    }
    return { staged_id, chunk_bytes: STAGE_CHUNK_BYTES };
  }

  /** The next bytes of an arriving file, at `offset`, which must be what has arrived so far. */
  async chunk(staged_id: string, offset: number, bytes: Uint8Array): Promise<{ received: number }> {
    const arriving = this.#arriving.get(staged_id);
    if (!arriving) throw notArriving();
    if (offset !== arriving.received) throw new StagingError('OUT_OF_ORDER', `The file's bytes came out of order (at ${offset}, expected ${arriving.received}).`);
    if (bytes.byteLength === 0 || bytes.byteLength > STAGE_CHUNK_BYTES || offset + bytes.byteLength > arriving.record.size) {
      throw new StagingError('BAD_CHUNK', `A chunk of ${bytes.byteLength} bytes at ${offset} does not fit a file of ${arriving.record.size}.`);
    }
    // Counted before the write, so a chunk sent twice at once is refused rather than written twice.
    arriving.received += bytes.byteLength;
    const write = arriving.handle.write(bytes, 0, bytes.byteLength, offset);
    arriving.writes.add(write);
    try {
      await write;
    } catch (error) {
      await this.discard(staged_id);
      throw writeFailed(error);
    } finally {
      arriving.writes.delete(write);
    }
    // Through this chunk: others may have been taken since, while it was written.
    return { received: offset + bytes.byteLength };
  }

  /** Every byte has arrived: the file is made durable and kept until sent or discarded. */
  async finish(staged_id: string): Promise<StagedFile> {
    const arriving = this.#arriving.get(staged_id);
    if (!arriving) throw notArriving();
    const { record } = arriving;
    if (arriving.received !== record.size) throw new StagingError('INCOMPLETE', `Only ${arriving.received} of the file's ${record.size} bytes arrived.`);
    this.#arriving.delete(staged_id);
    try {
      await Promise.all(arriving.writes);
      await arriving.handle.sync();
      await arriving.handle.close();
      writeJsonAtomic(join(this.#pathOf(staged_id), RECORD), record);
    } catch (error) {
      await arriving.handle.close().catch(() => undefined);
      await this.discard(staged_id);
      throw writeFailed(error);
    }
    return { staged_id, name: record.name, type: record.type, size: record.size };
  }

  /** Drops a staged file, or one arriving; nothing when there is none. */
  async discard(staged_id: string): Promise<void> {
    const path = this.#pathOf(staged_id);
    const arriving = this.#arriving.get(staged_id);
    this.#arriving.delete(staged_id);
    if (arriving) {
      await Promise.allSettled(arriving.writes);
      await arriving.handle.close().catch(() => undefined);
    }
    await rm(path, { recursive: true, force: true });
    this.#sizes.delete(staged_id);
  }

  /** A staged file, complete, with its upload's answer if there is one; undefined when there is none. */
  staged(staged_id: string): (StagedRecord & { path: string }) | undefined {
    if (this.#arriving.has(staged_id) || !this.#sizes.has(staged_id)) return undefined;
    const record = this.#readRecord(staged_id);
    return record && { ...record, path: join(this.#pathOf(staged_id), FILE) };
  }

  /** Keeps the server's answer to the file's upload with it, durably, before anyone relies on it. */
  recordUpload(staged_id: string, uploaded: { url: string; filename: string }): void {
    const record = this.staged(staged_id);
    if (!record) throw notStaged();
    const { path: _path, ...kept } = record;
    writeJsonAtomic(join(this.#pathOf(staged_id), RECORD), { ...kept, uploaded });
  }

  /**
   * Removes every staged file not in `keep` (those no draft or queued message names any more),
   * leaving the files still arriving; answers how many went.
   */
  async sweep(keep: ReadonlySet<string>): Promise<number> {
    const unneeded = [...this.#sizes.keys()].filter((staged_id) => !keep.has(staged_id) && !this.#arriving.has(staged_id));
    for (const staged_id of unneeded) await this.discard(staged_id);
    return unneeded.length;
  }

  /** Drops the files still arriving (their stagings cannot finish once the account closes). */
  async close(): Promise<void> {
    await Promise.all([...this.#arriving.keys()].map((staged_id) => this.discard(staged_id)));
  }

  #pathOf(staged_id: string): string {
    // The id names a directory: only ours, never a path the renderer made up.
    if (!stagedId.safeParse(staged_id).success) throw notStaged();
    return join(this.#dir, staged_id);
  }

  #readRecord(entry: string): StagedRecord | undefined {
    return readRecord(this.#dir, entry);
  }
}

/** The files staged in `dir`, complete, read without changing anything (to say what signing out would delete). */
export function stagedFiles(dir: string): StagedRecord[] {
  try {
    return readdirSync(dir).flatMap((entry) => readRecord(dir, entry) ?? []);
  } catch {
    return [];
  }
}

function readRecord(dir: string, entry: string): StagedRecord | undefined {
  try {
    const parsed = recordSchema.safeParse(readJson(join(dir, entry, RECORD)));
    return parsed.success && parsed.data.staged_id === entry ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function notArriving(): StagingError {
  return new StagingError('NOT_STAGING', 'This file is not being staged any more: it was finished, removed, or the app restarted. Attach it again.');
}

export function notStaged(): StagingError {
  return new StagingError('NOT_STAGED', 'This file is no longer kept for sending: it was sent or removed. Attach it again.');
}

function writeFailed(error: unknown): StagingError {
  const disk = diskFaultOf(error);
  if (disk) return new StagingError(disk.problem === 'full' ? 'DISK_FULL' : 'DISK', `${disk.message} The file could not be kept for sending.`);
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return new StagingError('WRITE_FAILED', `The file could not be kept for sending (${code || (error instanceof Error ? error.message : String(error))}).`);
}
