// The app's Logger: one JSON line per entry, appended to userData/logs/main.log and echoed to
// the console. The core never logs keys, so nothing needs redacting here.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../api/logger';

type Level = keyof Logger;

export const LOG_FILE = 'main.log';
/** Past this size at start, the log is moved to main.old.log, so at most two are kept. */
export const MAX_LOG_BYTES = 5 * 1024 * 1024;

export function createFileLogger(dir: string, now: () => Date = () => new Date()): Logger {
  const file = join(dir, LOG_FILE);
  let writable = true;
  try {
    mkdirSync(dir, { recursive: true });
    if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES) renameSync(file, join(dir, 'main.old.log'));
  } catch {
    writable = false;
  }
  const write = (level: Level) => (message: string, data?: Record<string, unknown>) => {
    const line = format(now(), level, message, data);
    console[level === 'debug' ? 'log' : level](line);
    if (!writable) return;
    try {
      // Synchronous: lines stay in order and survive a crash right after them; the volume is small.
      appendFileSync(file, `${line}\n`);
    } catch {
      writable = false;
    }
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

function format(time: Date, level: Level, message: string, data: Record<string, unknown> | undefined): string {
  const entry = { time: time.toISOString(), level, message, ...(data ? { data } : {}) };
  try {
    return JSON.stringify(entry);
  } catch {
    // Circular or BigInt data must not lose the message.
    return JSON.stringify({ ...entry, data: '[unserializable]' });
  }
}
