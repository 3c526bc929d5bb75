import type { IpcNotice, IpcNotices } from '../../shared/ipc';
import type { IpcHandlers } from '../handlers/dispatch';

/** An answer main serves for the renderer (the bundle, or a server image fetched with the account's key). */
export interface ServedFile {
  status: number;
  headers: Record<string, string>;
  /** Whole, or (a full-size image, a download) streamed as it comes from the server. */
  body: Uint8Array | ReadableStream<Uint8Array>;
}

/**
 * The app's core, the same under Electron and in browser mode: the IPC handlers, the notices
 * main pushes, and the server images it fetches on the renderer's behalf.
 */
export interface AppCore {
  handlers: IpcHandlers;
  onNotice(listener: <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void): () => void;
  /** `path` is the server-relative path of an image (avatar, realm icon) of `account_id`'s server. */
  serverImage(account_id: string, path: string): Promise<ServedFile>;
  /** Browser mode: the file a one-time download address (files.save) names, as an attachment. */
  download(ticket: string): Promise<ServedFile>;
  /** The system woke up or the network came back. */
  networkChanged(): void;
  /** Quit: delete event queues, close databases. */
  shutdown(): Promise<void>;
}
