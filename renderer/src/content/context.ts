// What the components of one piece of content share: who reads it (for the mentions that reach
// them), the reader's alert words it holds, and the gallery its images open in.
import { getContext, setContext } from 'svelte';
import type { Reader } from './mentions';
import type { ImagePreview } from './nodes';

export interface ContentContext {
  reader: Reader | null;
  /** The reader's alert words, highlighted where they stand (none unless the server flagged the message has_alert_word). */
  alertWords: readonly string[];
  /** Opens the lightbox on `image`. */
  openImage(image: ImagePreview): void;
}

const KEY = Symbol('content');

export function setContentContext(context: ContentContext): void {
  setContext(KEY, context);
}

export function contentContext(): ContentContext | undefined {
  return getContext<ContentContext | undefined>(KEY);
}
