// Small stand-ins for the Electron objects the modules under test touch.
import { EventEmitter } from 'node:events';
import type { Logger } from '../../../main/api/logger';

export interface CapturedLogger extends Logger {
  lines: { level: string; message: string; data?: Record<string, unknown> }[];
}

export function captureLogger(): CapturedLogger {
  const lines: CapturedLogger['lines'] = [];
  const at = (level: string) => (message: string, data?: Record<string, unknown>) => void lines.push(data ? { level, message, data } : { level, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** An Electron-style event: `preventDefault` records that it was called. */
export function electronEvent(fields: Record<string, unknown> = {}): { defaultPrevented: boolean; preventDefault(): void } & Record<string, unknown> {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

/** WebContents events and the window-open handler. */
export class FakeContents extends EventEmitter {
  openHandler: OpenHandler | undefined;
  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler;
  }
}
