// The logging the client does goes through this interface (electron-log in the app, a capture in
// tests); library code never writes to the console.

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

const ignore = (): void => undefined;

export const silentLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
