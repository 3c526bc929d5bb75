// Uploaded files as real servers of the family have them (not in the spec: reference/real):
// POST /user_uploads answers a server-relative path under /user_uploads/, which a message links
// as `[name](/user_uploads/...)`; the file is fetched from there with the account's credentials,
// and images have thumbnails under /user_uploads/thumbnail/.
import { z } from 'zod';

export const USER_UPLOADS_PREFIX = '/user_uploads/';
const THUMBNAILS_PREFIX = `${USER_UPLOADS_PREFIX}thumbnail/`;

/**
 * A path of an uploaded file on the account's server: under /user_uploads/, no query, no
 * fragment, no dot segment or doubled slash that a URL parser would fold into another path.
 */
export function isUserUploadPath(path: string): boolean {
  if (!path.startsWith(USER_UPLOADS_PREFIX) || path.length === USER_UPLOADS_PREFIX.length) return false;
  if (/[?#\\\s]/.test(path) || path.includes('//')) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..' || /^%2e(%2e)?$/i.test(segment) || /^\.%2e$|^%2e\.$/i.test(segment));
}

/**
 * The path of an uploaded file of the account's server from what a message links: `/user_uploads/...`,
 * or the same on the server's full address (its query and fragment dropped); undefined for
 * anything else, another server's included.
 */
export function userUploadPath(server_url: string, link: string): string | undefined {
  const base = URL.parse(server_url.endsWith('/') ? server_url : `${server_url}/`);
  const url = base && URL.parse(link, base);
  if (!url || url.origin !== base.origin || url.username !== '' || url.password !== '') return undefined;
  return isUserUploadPath(url.pathname) ? url.pathname : undefined;
}

/** A thumbnail the server made of an uploaded image (`/user_uploads/thumbnail/.../840x560.webp`). */
export function isUploadThumbnailPath(path: string): boolean {
  return isUserUploadPath(path) && path.startsWith(THUMBNAILS_PREFIX);
}

const uploadPath = z.string().refine(isUserUploadPath, 'not a path under /user_uploads/');

/** POST /user_uploads's answer: `url` (older servers name it `uri`; real ones send both), and `filename` where the server sends it. */
export const uploadAnswerSchema = z
  .looseObject({ url: uploadPath.optional(), uri: uploadPath.optional(), filename: z.string().optional() })
  .transform((answer, context) => {
    const url = answer.url ?? answer.uri;
    if (url !== undefined) return { url, filename: answer.filename };
    context.addIssue({ code: 'custom', message: 'no url', path: ['url'] });
    return z.NEVER;
  });

/**
 * The Markdown that links an uploaded file, as the family's own apps write it:
 * `[name](/user_uploads/...)`, square brackets dropped from the name so that they cannot end the
 * link text; characters that would end the link's address are escaped in it.
 */
export function uploadLink(filename: string, url: string): string {
  const text = filename.replace(/[[\]]/g, '').replace(/[\r\n]+/g, ' ');
  const address = url.replace(/[()<>\s]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${text}](${address})`;
}
