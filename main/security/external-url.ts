// What may leave the app for the user's browser or mail client: anything else (javascript:,
// file:, custom schemes of other apps, smb: shares...) could run code or leak credentials.

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const MAX_LENGTH = 8192;

/** True only for a well-formed http(s) URL with a host and no credentials, or a mailto: URL. */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > MAX_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return false;
  if (parsed.protocol === 'mailto:') return true;
  // `https://trusted.example@evil.example/` reads as trusted.example to a person.
  return parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}
