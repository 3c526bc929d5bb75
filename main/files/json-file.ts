import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes JSON so that a crash leaves the old file or the new one, never half of one. */
export function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  writeFileSync(temp, JSON.stringify(value, null, 2));
  const fd = openSync(temp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, file);
}

/** The parsed file, or undefined if there is none; the caller checks its shape. */
export function readJson(file: string): unknown {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
