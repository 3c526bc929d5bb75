// Files: the renderer holds File objects (picker, paste, drop) but cannot touch the disk, and one
// call carries at most IPC_ARGUMENT_MAX_BYTES, so a file is staged in main chunk by chunk, then
// uploaded from there (progress as notices, cancel by call); files others sent are saved through
// main, which fetches them with the account's key.
import { z } from 'zod';
import { channel } from './define';

/** The bytes of one chunk: as base64 in JSON it takes 4/3 of this, inside one call (IPC_ARGUMENT_MAX_BYTES). */
export const STAGE_CHUNK_BYTES = 640 * 1024;
export const STAGE_CHUNK_BASE64 = Math.ceil(STAGE_CHUNK_BYTES / 3) * 4;

/** A staged file's id: main makes it, 128 random bits. */
export const stagedId = z.string().regex(/^[0-9a-f]{32}$/, 'not a staged file id');

/** A file staged in main, waiting to be uploaded (or uploaded, its answer kept until it is sent). */
export interface StagedFile {
  staged_id: string;
  /** The name it was staged with, made safe (shared/file-names.ts). */
  name: string;
  /** The media type the browser reported, or application/octet-stream. */
  type: string;
  size: number;
}

/** Where the server keeps an uploaded file, and the name it gave it. */
export interface UploadedFile {
  staged_id: string;
  /** Server-relative, under /user_uploads/: the link's address (shared/api/uploads.ts uploadLink). */
  url: string;
  filename: string;
}

/** An upload's progress: bytes of the file sent so far, of `total`. */
export interface UploadProgress {
  staged_id: string;
  sent: number;
  total: number;
}

/**
 * What saving a file others sent came to: saved where the user chose (Electron's dialog), the
 * dialog cancelled, or (browser mode) a one-time address the page hands to the browser's own
 * download; it carries neither the account's key nor the page's token.
 */
export type SaveOutcome = { outcome: 'saved'; name: string } | { outcome: 'cancelled' } | { outcome: 'download'; url: string; name: string };

/** What the server declares an uploaded file to be, without its bytes; null where it did not say. */
export interface FileFacts {
  /** Its content type (`application/pdf`), as the server sent it, never guessed from the bytes. */
  type: string | null;
  size: number | null;
}

/**
 * The code of an upload that failed for now (the network, the server): the file stays staged and
 * goes when the message is sent. Any other refusal is final for that file.
 */
export const UPLOAD_TRY_LATER = 'TRY_LATER';

const stagedArg = z.object({ staged_id: stagedId });

export const fileChannels = {
  /** Starts staging a file of `size` bytes; refused at once when it is over a limit. Chunks go in order, each at most `chunk_bytes`. */
  'files.stageBegin': channel<{ staged_id: string; chunk_bytes: number }>()(
    z.object({ name: z.string().max(1024), size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), type: z.string().max(255) }),
  ),
  /**
   * The bytes at `offset` (the count received so far), as base64; answers the count through them. Main
   * checks the base64 as it decodes it: a regular expression over each chunk cost more than
   * everything else main does with it.
   */
  'files.stageChunk': channel<{ received: number }>()(
    z.object({
      staged_id: stagedId,
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      data: z
        .string()
        .min(4)
        .max(STAGE_CHUNK_BASE64)
        .refine((data) => data.length % 4 === 0, 'not base64'),
    }),
  ),
  /** Every byte received: the file is kept (on disk, durably) until it is sent or discarded. */
  'files.stageFinish': channel<StagedFile>()(stagedArg),
  /** Drops a staged file, or one being staged; nothing when it is already gone. */
  'files.discard': channel<null>()(stagedArg),
  /** Uploads a staged file (progress as `files.progress` notices); answered at once when its upload was already recorded. */
  'files.upload': channel<UploadedFile>()(stagedArg),
  /** Stops the staged file's upload under way; the staged file stays. */
  'files.cancelUpload': channel<null>()(stagedArg),
  /** The content type and size of a file of the account's server (`url` under /user_uploads/), as the server declares them. */
  'files.describe': channel<FileFacts>()(z.object({ url: z.string().min(1).max(4096) })),
  /** Saves a file of the account's server (`url` under /user_uploads/) as `name`. */
  'files.save': channel<SaveOutcome>()(z.object({ url: z.string().min(1).max(4096), name: z.string().max(1024) })),
} as const;
