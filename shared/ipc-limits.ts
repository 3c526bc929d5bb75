// How much one IPC call may carry, the same in the Electron shell and in browser mode: main
// refuses anything larger before its schema or handler sees it, the renderer before sending it,
// and browser mode's WebSocket drops a larger frame instead of reading it.
import type { IpcError } from './ipc';

/** The largest message browser mode's WebSocket reads (its maxPayload). */
export const IPC_FRAME_MAX_BYTES = 1024 * 1024;

/** The largest argument of a call, as JSON: a frame holds it with the call's id and channel name. */
export const IPC_ARGUMENT_MAX_BYTES = IPC_FRAME_MAX_BYTES - 1024;

/** A Content-Security-Policy violation report: the largest body main reads, and how many it keeps. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
export const CSP_REPORTS_KEPT = 20;

const utf8 = new TextEncoder();

/** The size of `value` as the IPC carries it (JSON, UTF-8); Infinity when it is not JSON at all. */
export function ipcSize(value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return Infinity;
  }
  return json === undefined ? 0 : utf8Bytes(json);
}

/** Where text that may fit one frame is measured: encodeInto needs no new buffer (a chunk of a file takes 10x less time). */
let scratch: Uint8Array | undefined;

/** The size of JSON text already written, as the IPC carries it (UTF-8). */
export function utf8Bytes(text: string): number {
  // Every UTF-16 unit takes at least a byte: text longer than a frame is measured the slow way.
  if (text.length <= IPC_FRAME_MAX_BYTES) {
    scratch ??= new Uint8Array(IPC_FRAME_MAX_BYTES);
    const { read, written } = utf8.encodeInto(text, scratch);
    if (read === text.length) return written;
  }
  return utf8.encode(text).byteLength;
}

/** Megabytes as a person reads them, one decimal. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a call of `bytes` was not sent or not taken. */
export function tooLargeError(bytes: number): IpcError {
  return {
    code: 'TOO_LARGE',
    message: `This is too large for the app to take in one go (${megabytes(bytes)}; at most ${megabytes(IPC_ARGUMENT_MAX_BYTES)}).`,
  };
}
