// Where the app lives: the renderer bundle is served at app://bundle/ and nowhere else.
import { isSameOrigin } from '../security/same-origin';

export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Server images, fetched by main with the account's key: server-image://<account_id>/<path>. */
export const SERVER_IMAGE_SCHEME = 'server-image';

export function isAppUrl(url: string): boolean {
  return isSameOrigin(url, APP_ORIGIN);
}
