// Maps a URL path of the renderer bundle to a file inside the bundle directory, and to nothing
// else: the custom protocol and browser mode both serve files by this rule.
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The absolute path of the file `urlPath` names inside `root`, or null when it would leave
 * `root` (`..`, percent-encoded or not), is malformed, or uses separators a URL path never
 * has. "/" names index.html.
 */
export function resolveBundlePath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Backslashes are separators on Windows, and NUL truncates paths in native code.
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  const inside = decoded.replace(/^\/+/, '');
  const base = resolve(root);
  // resolve() normalizes the `..` segments, so what remains to check is where it landed.
  const file = resolve(base, inside === '' ? 'index.html' : inside);
  const fromRoot = relative(base, file);
  if (fromRoot === '' || isAbsolute(fromRoot) || fromRoot.split(sep)[0] === '..') return null;
  return file;
}
