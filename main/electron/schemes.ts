// The app's schemes must be privileged before `ready`. Electron keeps only the last
// registerSchemesAsPrivileged call, so both schemes are registered here, in one call.
import type { Protocol } from 'electron';
import { APP_SCHEME, SERVER_IMAGE_SCHEME } from './app-url';

export function registerPrivilegedSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    // standard: real origin and relative URLs; secure: a secure context like https;
    // corsEnabled: Vite's <script type="module" crossorigin> is a CORS request.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, corsEnabled: true } },
    // Secure, so that <img> from it is not mixed content in the secure app:// page.
    { scheme: SERVER_IMAGE_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}
