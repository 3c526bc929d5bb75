import type { Logger } from '../api/logger';

/** Logs to stderr, one line each, for browser mode and the demo (Electron has its own log file). */
export function consoleLogger(minimum: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = ['debug', 'info', 'warn', 'error'] as const;
  const from = levels.indexOf(minimum);
  const line = (level: (typeof levels)[number]) => (message: string, data?: Record<string, unknown>) => {
    if (levels.indexOf(level) < from) return;
    process.stderr.write(`${new Date().toISOString()} ${level} ${message}${data ? ` ${JSON.stringify(data)}` : ''}\n`);
  };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
