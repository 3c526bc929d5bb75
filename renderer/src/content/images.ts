// The images of a message, in reading order: the lightbox moves between them.
import type { Block, ImagePreview, LinkTarget } from './nodes';

export function imagesOf(blocks: readonly Block[]): ImagePreview[] {
  return blocks.flatMap((block): ImagePreview[] => {
    switch (block.kind) {
      case 'images':
        return block.images;
      case 'list':
        return block.items.flatMap(imagesOf);
      case 'quote':
      case 'unknown':
        return imagesOf(block.children);
      case 'spoiler':
        return [...imagesOf(block.header), ...imagesOf(block.content)];
      default:
        return [];
    }
  });
}

/** A short name for an image or video: its title, or the last part of its address. */
export function nameOf(title: string | null, target: LinkTarget, fallback: string): string {
  if (title) return title;
  if (target.kind === 'none') return fallback;
  const path = URL.parse(target.url)?.pathname ?? '';
  return decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '') || fallback;
}

/** Where a link leads, said briefly: the site's host. */
export function siteOf(target: LinkTarget): string {
  return target.kind === 'none' ? '' : (URL.parse(target.url)?.host ?? '');
}
