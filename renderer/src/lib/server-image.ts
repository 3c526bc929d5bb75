// Images of the signed-in server (uploaded avatars, the realm icon) need the account's key, which
// the renderer never has: they are fetched by main, through server-image:// under Electron and
// /server-image/ in browser mode. Images of other origins are not loaded at all (the CSP would
// refuse them anyway); the screens show initials instead.
import { browserToken } from './browser-token';

/** Where the window loads `url` of the account's server from; null for another origin. */
export function serverImagePath(account_id: string, server_url: string, url: string | null | undefined): string | null {
  if (!url || !account_id) return null;
  let path: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    path = url;
  } else {
    const parsed = URL.parse(url);
    if (!parsed || parsed.origin !== URL.parse(server_url)?.origin) return null;
    path = `${parsed.pathname}${parsed.search}`;
  }
  return location.protocol === 'app:' ? `server-image://${account_id}${path}` : `/server-image/${browserToken}/${account_id}${path}`;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
