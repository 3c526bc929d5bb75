// What this computer's disk refused, read from SQLite's result codes and the file system's error
// codes: no room left, no writing allowed, a file that is not what it should be, or one that
// cannot be opened at all. The mirror (main/store) and the app's own files (main/files) meet these;
// the one failure classifier (main/api/failures.ts) reads them as kind 'disk'. The store and the
// client may not import each other, so the reading lives here, beside the files, for both.
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DiskProblem } from '../../shared/local-data';

/** A refusal of the disk, at a path, in words a person can act on. */
export class DiskFault extends Error {
  constructor(
    readonly problem: DiskProblem,
    /** The file or folder that refused; where the disk is full, the folder. */
    readonly path: string,
    /** The code it came with: SQLITE_FULL, ENOSPC, EROFS... */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DiskFault';
  }
}

const FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);
const DAMAGED = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/**
 * The disk's refusal that `error` is, at `path` (the file being opened or written; an error of the
 * file system names its own); undefined when it is no such refusal.
 */
export function diskFaultOf(error: unknown, path?: string): DiskFault | undefined {
  if (error instanceof DiskFault) return error;
  const code = codeOf(error);
  if (code === undefined) return undefined;
  const at = ownPath(error) ?? path;
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_CORRUPT_INDEX...) read as their primary code.
  const base = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
  if (FULL.has(base) || (base === 'SQLITE_IOERR' && at !== undefined && noRoomAt(at))) return full(code, at);
  if (READ_ONLY.has(code)) return readOnly(code, at, code === 'EROFS' ? 'the file system is read-only' : 'permission to write is denied');
  if (base === 'SQLITE_READONLY' || base === 'SQLITE_CANTOPEN') {
    // The file's folder may be what refuses: SQLite writes its journal beside the file.
    const folder = at === undefined ? undefined : folderRefusal(dirname(at));
    if (folder) return readOnly(code, dirname(at!), folder);
    if (base === 'SQLITE_READONLY') return readOnly(code, at, 'the file is read-only');
    return new DiskFault('unavailable', at ?? '', code, `${named(at)} could not be opened (${code}).`);
  }
  if (DAMAGED.has(base)) return new DiskFault('damaged', at ?? '', code, `${named(at)} is damaged: ${code === 'SQLITE_NOTADB' ? 'it is not a database file' : 'its contents are corrupt'}.`);
  if (base === 'SQLITE_IOERR' || code === 'EIO') return new DiskFault('unavailable', at ?? '', code, `The disk failed while reading or writing ${named(at)} (${code}).`);
  return undefined;
}

/** The folder refuses writes: a DiskFault naming it; undefined when it takes them. */
export function folderFault(folder: string): DiskFault | undefined {
  const why = folderRefusal(folder);
  return why === undefined ? undefined : readOnly('EROFS', folder, why);
}

/** Why writing in `folder` is refused, in words; undefined when it takes writes. */
export function folderRefusal(folder: string): string | undefined {
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = codeOf(error);
    if (code === 'EROFS') return 'the file system is read-only';
    if (code === 'EACCES' || code === 'EPERM') return 'permission to write is denied';
    return undefined;
  }
}

/** Bytes free to this process in the file system holding `path`; undefined when it cannot be asked. */
export function freeBytes(path: string): number | undefined {
  try {
    const stats = statfsSync(path);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

function full(code: string, at: string | undefined): DiskFault {
  const folder = at === undefined ? undefined : dirname(at);
  return new DiskFault('full', folder ?? '', code, `The disk is full at ${folder ?? 'the folder where the app keeps its data'}; nothing was lost.`);
}

function readOnly(code: string, at: string | undefined, why: string): DiskFault {
  return new DiskFault('read_only', at ?? '', code, `The app cannot write to ${named(at)}: ${why}. Nothing was lost.`);
}

function named(path: string | undefined): string {
  return path ?? 'its data folder';
}

/** SQLite reports a short write on a full disk as an I/O error at times (the WAL's index, say). */
function noRoomAt(path: string): boolean {
  const free = freeBytes(dirname(path));
  return free !== undefined && free < 64 * 1024;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function ownPath(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('path' in error)) return undefined;
  return typeof error.path === 'string' ? error.path : undefined;
}
