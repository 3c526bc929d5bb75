// The renderer's Content-Security-Policy, built in one place so Electron (app://) and browser
// mode (http on loopback) serve the same policy and differ only where their transports differ.

export type CspHost = 'electron' | 'browser';

/**
 * The policy for `host`. Under Electron the renderer has no network at all and server images
 * come through the main process's `server-image:` scheme; in browser mode the page must reach
 * its own origin for the IPC WebSocket. No 'unsafe-inline' anywhere: Svelte 5 sets dynamic
 * styles through CSSOM (`style.cssText`), which the policy does not govern.
 */
export function contentSecurityPolicy(host: CspHost): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    // blob: for images only: the compose box previews a picked or pasted image from its own bytes
    // (an object URL of the File), before any of it is sent.
    ['img-src', host === 'electron' ? ["'self'", 'server-image:', 'data:', 'blob:'] : ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', host === 'electron' ? ["'none'"] : ["'self'"]],
    ['object-src', ["'none'"]],
    // Not covered by default-src, so each is closed explicitly.
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export const ELECTRON_CSP = contentSecurityPolicy('electron');
export const BROWSER_CSP = contentSecurityPolicy('browser');
