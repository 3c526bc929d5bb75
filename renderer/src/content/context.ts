// What the components of one piece of content share: who reads it (for the mentions that reach
// them) and the gallery its images open in.
import { getContext, setContext } from 'svelte';
import type { Reader } from './mentions';
import type { ImagePreview } from './nodes';

export interface ContentContext {
  reader: Reader | null;
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
