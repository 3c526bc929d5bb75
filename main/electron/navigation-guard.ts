// A window of the app never leaves the app's origin: no navigation or redirect elsewhere, no
// new windows (links go to the user's browser instead), no <webview>.
import type { WebContents } from 'electron';
import { isAppUrl } from './app-url';
import type { OpenExternal } from './external-links';

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardNavigation(contents: GuardedContents, openExternal: OpenExternal): void {
  const stayInApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', stayInApp);
  // Subframes too: the CSP allows none, this holds even if it ever did.
  contents.on('will-frame-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // The opener refuses anything but http, https and mailto.
    openExternal(url);
    return { action: 'deny' };
  });
}
