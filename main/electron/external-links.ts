// The one way out of the app to the user's browser or mail client.
import type { Shell } from 'electron';
import type { Logger } from '../api/logger';
import { isSafeExternalUrl } from '../security/external-url';

export type OpenExternal = (url: string) => void;

/** Opens only what isSafeExternalUrl accepts, in its normalized form; refusals are logged. */
export function externalOpener(shell: Pick<Shell, 'openExternal'>, logger: Logger): OpenExternal {
  return (url) => {
    if (!isSafeExternalUrl(url)) {
      logger.warn('Refused to open a link outside the app', { protocol: protocolOf(url) });
      return;
    }
    shell.openExternal(new URL(url).href).catch((error: unknown) => {
      logger.warn('Could not open a link outside the app', { error: error instanceof Error ? error.message : String(error) });
    });
  };
}

/** Only the scheme is logged: a URL may carry tokens. */
function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return 'unparsable';
  }
}
