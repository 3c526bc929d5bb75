// Inline previews real servers add below a paragraph: an uploaded image as its thumbnail, an
// image or video URL as itself (each URL once per message).
import type { Token } from 'markdown-it';
import { escapeHtml } from './escape';
import type { RenderContext } from './types';

const IMAGE = /\.(?:bmp|gif|jpe|jpeg|jpg|png|webp)$/i;
const VIDEO = /\.(?:mp4|m4v|mov|webm)$/i;
export const UPLOAD_PREFIX = '/user_uploads/';

/** The thumbnail real servers serve for an uploaded image. */
export function thumbnailUrl(uploadUrl: string): string {
  return `${UPLOAD_PREFIX}thumbnail/${uploadUrl.slice(UPLOAD_PREFIX.length)}/840x560.webp`;
}

function previewHtml(href: string, title: string | null, context: RenderContext): string | null {
  const titled = title === null ? '' : ` title="${escapeHtml(title)}"`;
  const link = `<a href="${escapeHtml(href)}"${titled}>`;
  if (href.startsWith(UPLOAD_PREFIX)) {
    const upload = context.upload(href);
    if (upload === undefined || !upload.content_type.startsWith('image/')) return null;
    const dimensions = upload.dimensions === null ? '' : ` data-original-dimensions="${upload.dimensions}"`;
    return `<div class="message_inline_image">${link}<img data-original-content-type="${escapeHtml(upload.content_type)}"${dimensions} src="${escapeHtml(thumbnailUrl(href))}"></a></div>`;
  }
  let path: string;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    path = url.pathname;
  } catch {
    return null;
  }
  if (IMAGE.test(path)) return `<div class="message_inline_image">${link}<img src="${escapeHtml(href)}"></a></div>`;
  if (VIDEO.test(path)) {
    return `<div class="message_inline_image message_inline_video">${link}<video preload="metadata" src="${escapeHtml(href)}"></video></a></div>`;
  }
  return null;
}

/** The previews for the links of one paragraph, skipping URLs already previewed in `seen`. */
export function previewsFor(children: readonly Token[], context: RenderContext, seen: Set<string>): string {
  let html = '';
  children.forEach((token, index) => {
    if (token.type !== 'link_open') return;
    const href = String(token.attrGet('href') ?? '');
    if (seen.has(href)) return;
    let title: string | null = null;
    if (token.markup !== 'linkify') {
      title = '';
      for (let inner = index + 1; inner < children.length && children[inner]?.type !== 'link_close'; inner += 1) title += children[inner]?.content ?? '';
    }
    const preview = previewHtml(href, title, context);
    if (preview === null) return;
    seen.add(href);
    html += preview;
  });
  return html;
}
