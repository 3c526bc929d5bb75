// Files from the renderer to main and on to the server: a File (picked, pasted or dropped) is
// staged in main chunk by chunk, since the renderer cannot write to disk and one call carries at
// most one chunk; a staged file is then uploaded, its progress told from main's notices, its
// cancel sent to main. Pure: the IPC and the base64 encoder are given, so tests can run it.
import type { IpcArgs, IpcChannel, IpcNotice, IpcNotices, IpcResult, StagedFile, UploadedFile } from '../../../shared/ipc';

export interface FilesIpc {
  call<C extends IpcChannel>(channel: C, args: IpcArgs<C>): Promise<IpcResult<C>>;
  onNotice<N extends IpcNotice>(notice: N, listener: (payload: IpcNotices[N]) => void): () => void;
}

/** A part of a file as base64 (the IPC carries JSON). */
export type Base64Encoder = (part: Blob) => Promise<string>;

/** Told how many bytes have gone, of how many. */
export type Progress = (done: number, total: number) => void;

export interface FileTransfer {
  /** Stages `file` in main; an abort (or a failure) drops what was staged of it. */
  stageFile(file: File, onProgress?: Progress, signal?: AbortSignal): Promise<StagedFile>;
  /** Uploads a staged file to the account's server; an abort cancels the upload (the staged file stays). */
  uploadStaged(staged_id: string, onProgress?: Progress, signal?: AbortSignal): Promise<UploadedFile>;
  /** Drops a staged file (removed from the message, or sent). */
  discardStaged(staged_id: string): Promise<void>;
}

/** Chunks sent before the first is answered: main works on one while the next one travels. */
const CHUNKS_IN_FLIGHT = 2;

export function fileTransfer(ipc: FilesIpc, encode: Base64Encoder): FileTransfer {
  async function stageFile(file: File, onProgress?: Progress, signal?: AbortSignal): Promise<StagedFile> {
    signal?.throwIfAborted();
    const { staged_id, chunk_bytes } = await ipc.call('files.stageBegin', { name: file.name, size: file.size, type: file.type });
    const part = (offset: number) => {
      const encoded = encode(file.slice(offset, Math.min(offset + chunk_bytes, file.size)));
      // Awaited in turn; an abort may leave the last one read ahead unread.
      encoded.catch(() => undefined);
      return encoded;
    };
    try {
      // Each chunk is read while the ones before are on their way; main takes them in order. Main
      // may answer a short last chunk before the one before it is written: progress is told in the
      // chunks' order, so it never goes back.
      const sending: Promise<void>[] = [];
      let told: Promise<unknown> = Promise.resolve();
      let next = file.size > 0 ? part(0) : undefined;
      for (let offset = 0; next; offset += chunk_bytes) {
        const data = await next;
        signal?.throwIfAborted();
        next = offset + chunk_bytes < file.size ? part(offset + chunk_bytes) : undefined;
        const answered = ipc.call('files.stageChunk', { staged_id, offset, data });
        const sent = Promise.all([answered, told]).then(([{ received }]) => onProgress?.(received, file.size));
        told = sent.catch(() => undefined);
        sent.catch(() => undefined);
        sending.push(sent);
        if (sending.length >= CHUNKS_IN_FLIGHT) await sending.shift();
      }
      for (const sent of sending) await sent;
      signal?.throwIfAborted();
      return await ipc.call('files.stageFinish', { staged_id });
    } catch (error) {
      ipc.call('files.discard', { staged_id }).catch(() => undefined);
      throw error;
    }
  }

  async function uploadStaged(staged_id: string, onProgress?: Progress, signal?: AbortSignal): Promise<UploadedFile> {
    signal?.throwIfAborted();
    const unsubscribe = onProgress
      ? ipc.onNotice('files.progress', (progress) => {
          if (progress.staged_id === staged_id) onProgress(progress.sent, progress.total);
        })
      : () => undefined;
    const cancel = () => void ipc.call('files.cancelUpload', { staged_id }).catch(() => undefined);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await ipc.call('files.upload', { staged_id });
    } finally {
      signal?.removeEventListener('abort', cancel);
      unsubscribe();
    }
  }

  async function discardStaged(staged_id: string): Promise<void> {
    await ipc.call('files.discard', { staged_id });
  }

  return { stageFile, uploadStaged, discardStaged };
}
