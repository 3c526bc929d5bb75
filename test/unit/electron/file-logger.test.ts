import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileLogger, LOG_FILE, MAX_LOG_BYTES } from '../../../main/electron/file-logger';

let dir: string;
const fixed = () => new Date('2030-01-02T03:04:05.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-logger-'));
  for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);

describe('file logger', () => {
  it('appends one JSON line per entry to logs/main.log and echoes it to the console', () => {
    const logs = join(dir, 'logs');
    const logger = createFileLogger(logs, fixed);
    logger.info('started', { version: '1.0.0' });
    logger.error('failed');
    expect(lines(join(logs, LOG_FILE))).toEqual([
      { time: '2030-01-02T03:04:05.000Z', level: 'info', message: 'started', data: { version: '1.0.0' } },
      { time: '2030-01-02T03:04:05.000Z', level: 'error', message: 'failed' },
    ]);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous log aside when it has grown too large', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, LOG_FILE), 'x'.repeat(MAX_LOG_BYTES + 1));
    createFileLogger(dir, fixed).warn('fresh');
    expect(readFileSync(join(dir, 'main.old.log'), 'utf8')).toHaveLength(MAX_LOG_BYTES + 1);
    expect(lines(join(dir, LOG_FILE))).toHaveLength(1);
  });

  it('keeps the message of an entry whose data cannot be serialized', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    createFileLogger(dir, fixed).warn('odd', circular);
    expect(lines(join(dir, LOG_FILE))).toEqual([{ time: '2030-01-02T03:04:05.000Z', level: 'warn', message: 'odd', data: '[unserializable]' }]);
  });

  it('still logs to the console when the directory cannot be written', () => {
    writeFileSync(join(dir, 'file'), '');
    const logger = createFileLogger(join(dir, 'file', 'logs'), fixed);
    expect(() => logger.info('hello')).not.toThrow();
    expect(console.info).toHaveBeenCalled();
    expect(existsSync(join(dir, 'file', 'logs'))).toBe(false);
  });
});
