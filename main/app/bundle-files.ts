import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * A file of the renderer bundle, or undefined. The decoded, normalized path must stay inside
 * `root`: `..`, encoded separators and absolute paths never reach outside it.
 */
export async function readBundleFile(root: string, urlPath: string): Promise<{ type: string; body: Buffer } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^[/\\]+/, '');
  const full = join(root, relative);
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    return { type: TYPES[extname(full)] ?? 'application/octet-stream', body: await readFile(full) };
  } catch {
    return undefined;
  }
}
