import { readFile } from 'node:fs/promises';
import { resolveBundlePath } from '../security/bundle-path';
import { contentTypeOf } from '../security/content-types';

/** A file of the renderer bundle by its URL path, or undefined (outside the bundle, or absent). */
export async function readBundleFile(root: string, urlPath: string): Promise<{ type: string; body: Buffer } | undefined> {
  const file = resolveBundlePath(root, urlPath);
  if (file === null) return undefined;
  try {
    return { type: contentTypeOf(file), body: await readFile(file) };
  } catch {
    return undefined;
  }
}
