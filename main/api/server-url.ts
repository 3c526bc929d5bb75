// The server address the user typed, checked and turned into the API root. Only https: carries
// an API key off this machine; plain http: is allowed to loopback addresses alone. An address
// typed without a scheme (`chat.example.com`) is taken as https://, as the family's clients do.
import { ValidationError } from './errors';

function invalid(message: string): ValidationError {
  return new ValidationError('new ServiceClient', [{ param: 'serverUrl', message }]);
}

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The server's address as the app keeps it (no trailing slash), or a ValidationError saying what is wrong. */
export function serverBaseUrl(serverUrl: string): string {
  return apiRootFor(serverUrl).replace(/\/api\/v1$/, '');
}

/** `https://` before an address that names no scheme (`chat.example.com`, `chat.example.com:8443/team`). */
function withScheme(address: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`;
}

/** The API root (`<server>/api/v1`, no trailing slash), or a ValidationError saying what is wrong. */
export function apiRootFor(serverUrl: string): string {
  let url: URL;
  try {
    url = new URL(withScheme(serverUrl.trim()));
  } catch {
    throw invalid(`"${serverUrl}" is not a valid server URL; expected e.g. https://chat.example.com.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw invalid(
      `The server URL must use https: (plain http: only for loopback addresses such as 127.0.0.1 or localhost); got ${url.protocol}//${url.host}.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('The server URL must not contain a user name or password; pass the email and API key separately.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw invalid(`The server URL must not have a query or fragment; got ${url.origin}${url.pathname}${url.search}${url.hash}.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api/v1`;
}
