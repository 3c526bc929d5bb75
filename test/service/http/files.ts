// The files a real server serves outside /api/v1 that clients show: the realm icon and emoji
// images (public), uploaded avatars and uploaded files with their image thumbnails (only with the
// same credentials as the API, which real servers accept on these paths too).
import type { Sim } from '../context';
import { spelling } from '../dialect';
import { UPLOAD_PREFIX } from '../render';
import { pngBytes } from '../uploads/png';
import { findUpload } from '../uploads/store';
import { authenticate } from './auth';

export interface ServedFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

const REALM_ICON = pngBytes(64, 64, [36, 99, 209]);
const THUMBNAIL_SIZE = '840x560.webp';
const image = (body: Buffer): ServedFile => ({ status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=60' }, body });
const notFound = (): ServedFile => ({ status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<p>This file does not exist or has been deleted.</p>' });

/** Where a custom emoji's image is served (public, as on real servers). */
export function customEmojiPath(emojiId: number): string {
  return `/user_avatars/emoji/${emojiId}.png`;
}

function uploadedFile(sim: Sim, path: string): ServedFile {
  const thumbnail = path.startsWith(`${UPLOAD_PREFIX}thumbnail/`) && path.endsWith(`/${THUMBNAIL_SIZE}`);
  const original = thumbnail ? `${UPLOAD_PREFIX}${path.slice(`${UPLOAD_PREFIX}thumbnail/`.length, -THUMBNAIL_SIZE.length - 1)}` : path;
  const upload = findUpload(sim.db, original);
  if (upload === undefined || (thumbnail && !upload.content_type.startsWith('image/'))) return notFound();
  // Real servers send a WebP thumbnail here; the simulator has no image encoder, so it sends the
  // image itself, under its own content type.
  const name = thumbnail ? THUMBNAIL_SIZE : upload.filename;
  return {
    status: 200,
    headers: {
      'Content-Type': upload.content_type,
      'Content-Disposition': `inline; filename="${name.replace(/["\\\r\n]/g, '_')}"`,
      'Cache-Control': 'private, immutable',
      // Declared, as real servers do, so that a HEAD request tells the size too.
      'Content-Length': String(upload.data.length),
    },
    body: upload.data,
  };
}

/** The file at `pathname`, or null when the path is not one of these. */
export function serveFile(sim: Sim, pathname: string, authorization: string | undefined): ServedFile | null {
  if (pathname === '/static/images/realm-icon.png') return image(REALM_ICON);
  if (pathname === `/static/generated/emoji/images/emoji/unicode/${spelling(sim.config.dialect).extraEmojiName}.png`) return image(pngBytes(32, 32, [100, 186, 98]));
  const emoji = /^\/user_avatars\/emoji\/(\d+)\.png$/.exec(pathname);
  if (emoji !== null) return image(pngBytes(32, 32, [230, 80 + ((Number(emoji[1]) * 40) % 150), 60]));
  if (pathname.startsWith(UPLOAD_PREFIX)) {
    // Without credentials a real server sends the browser to its login page.
    if (authorization === undefined) return { status: 302, headers: { Location: `/login/?next=${encodeURIComponent(pathname)}` }, body: '' };
    authenticate(sim.db, sim.realm().host, authorization);
    return uploadedFile(sim, pathname);
  }
  const avatar = /^\/user_avatars\/(\d+)\.png$/.exec(pathname);
  if (!avatar) return null;
  // Throws the same 401 as the API for missing or wrong credentials.
  authenticate(sim.db, sim.realm().host, authorization);
  const user = sim.db.prepare("SELECT user_id FROM users WHERE user_id = ? AND avatar_source = 'U'").get(Number(avatar[1]));
  if (!user) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
  const hue = (Number(avatar[1]) * 67) % 200;
  return image(pngBytes(48, 48, [55 + hue, 120, 255 - hue]));
}
