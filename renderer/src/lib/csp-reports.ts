import { call } from './ipc';

/** Anything the Content-Security-Policy blocked is reported to main, which logs it. */
export function reportCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    void call('security.cspViolation', {
      blocked_uri: event.blockedURI.slice(0, 500),
      violated_directive: event.violatedDirective.slice(0, 200),
      source_file: event.sourceFile.slice(0, 500),
    }).catch(() => undefined);
  });
}
