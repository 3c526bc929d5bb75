// Files: staging chunk by chunk, uploading with progress and cancel, saving what others sent.
// The account session's uploads and downloads do the work; refusals reach the user as they said them.
import { Buffer } from 'node:buffer';
import { isTransient } from '../../shared/failures';
import { UPLOAD_TRY_LATER } from '../../shared/ipc';
import { FileTooLargeError } from '../api/errors';
import { classifyFailure } from '../api/failures';
import { UploadFetchError } from '../app/user-uploads';
import { StagingError } from '../files/staging-area';
import type { CoreContext } from './context';
import { UserFacingError } from '../app/user-facing-error';
import type { AreaHandlers } from './dispatch';

/** The refusals of staging, uploading and fetching, with their codes, for the user. */
async function refusals<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StagingError || error instanceof UploadFetchError) throw new UserFacingError(error.code, error.message);
    if (error instanceof FileTooLargeError) throw new UserFacingError('FILE_TOO_LARGE', error.message);
    throw error;
  }
}

/** An upload that failed for now is said so: the file stays staged and goes with its message. */
async function uploadRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await refusals(work);
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    const failure = classifyFailure(error);
    if (isTransient(failure.kind)) throw new UserFacingError(UPLOAD_TRY_LATER, failure.kind === 'internal' ? 'The upload failed.' : failure.message);
    throw error;
  }
}

/** The bytes of a chunk's base64; refused when a character of it is not base64 (the decoder would skip it). */
function chunkBytes(data: string): Buffer {
  const bytes = Buffer.from(data, 'base64');
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if (bytes.length !== (data.length / 4) * 3 - padding) throw new UserFacingError('INVALID_ARGUMENT', 'Invalid argument for files.stageChunk: data: not base64');
  return bytes;
}

export function fileHandlers(
  context: CoreContext,
): AreaHandlers<'files.stageBegin' | 'files.stageChunk' | 'files.stageFinish' | 'files.discard' | 'files.upload' | 'files.cancelUpload' | 'files.save' | 'files.describe'> {
  const uploads = () => context.activeSession().uploads;
  return {
    'files.stageBegin': (request) => refusals(() => uploads().begin(request)),
    'files.stageChunk': ({ staged_id, offset, data }) => refusals(() => uploads().chunk(staged_id, offset, chunkBytes(data))),
    'files.stageFinish': ({ staged_id }) => refusals(() => uploads().finish(staged_id)),
    'files.discard': async ({ staged_id }) => {
      await context.activeSession().discardStaged(staged_id);
      return null;
    },
    'files.upload': ({ staged_id }) => uploadRefusals(() => uploads().upload(staged_id)),
    'files.cancelUpload': ({ staged_id }) => {
      uploads().cancel(staged_id);
      return null;
    },
    'files.save': ({ url, name }) => refusals(() => context.activeSession().downloads.save(url, name)),
    'files.describe': ({ url }) => refusals(() => context.activeSession().downloads.describe(url)),
  };
}
