// Files for the views: staging and uploading what the user attaches (transfer.ts over the app's
// IPC), saving what others sent, and the address of an uploaded image at full size. Every byte
// goes through main, which holds the account's key; no address here carries it.
import { isUploadThumbnailPath, userUploadPath } from '../../../shared/api/uploads';
import type { SaveOutcome } from '../../../shared/ipc';
import { call, onNotice } from '../lib/ipc';
import type { AccountState } from '../account/context';
import { Attachments, type ComposeText } from './attachments.svelte';
import { readAsBase64 } from './base64';
import { fileTransfer } from './transfer';

export { uploadLink } from '../../../shared/api/uploads';
export type { Progress } from './transfer';

export const { stageFile, uploadStaged, discardStaged } = fileTransfer({ call, onNotice }, readAsBase64);

export { type Attachment, Attachments, type ComposeText } from './attachments.svelte';
export { fileDrop, refuseStrayDrops } from './drop';
export { sizeLabel } from './size';

/** The files attached to a message written in `text`, staged and uploaded through main; uploaded at once when `online()`. */
export function attachmentsOf(text: ComposeText, online: () => boolean): Attachments {
  return new Attachments(text, { stageFile, uploadStaged, discardStaged }, online);
}

/** The name an uploaded file was given: the last part of its address (main sanitizes it again before saving). */
export function uploadName(path: string): string {
  const last = path.split('/').at(-1) || 'file';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Saves the uploaded file `url` (a message's `/user_uploads/...` link) as `name`: Electron asks
 * where with the system's dialog; in browser mode the browser downloads it from the one-time
 * address main gave, as an attachment (never shown, never run).
 */
export async function saveFile(url: string, name: string): Promise<SaveOutcome> {
  const outcome = await call('files.save', { url, name });
  if (outcome.outcome === 'download') {
    const link = document.createElement('a');
    link.href = outcome.url;
    link.download = outcome.name;
    link.rel = 'noopener';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  }
  return outcome;
}

/**
 * The address of an uploaded image at full size (the lightbox's) from the link a message has,
 * fetched by main with the account's key; null for anything but an uploaded file of the
 * account's server (a thumbnail included: its original is the link around it).
 */
export function fullImageUrl(account: Pick<AccountState, 'server_url' | 'serverImage'>, link: string): string | null {
  const path = userUploadPath(account.server_url, link);
  return path === undefined || isUploadThumbnailPath(path) ? null : account.serverImage(path);
}
