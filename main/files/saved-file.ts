// Writing a file the user asked to save: the bytes go to a temporary file beside the target,
// made durable, then renamed over it, so a failure or a crash midway never leaves half a file
// under the chosen name (nor removes a file that was there). Only where the user chose, or a
// name nothing has yet.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { numberedFileName } from '../../shared/file-names';

/** Writes `body` to `target` (replacing what is there: the user chose it); the bytes written. */
export async function saveStream(body: ReadableStream<Uint8Array>, target: string): Promise<number> {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  const handle = await open(temp, 'wx');
  let written = 0;
  try {
    for await (const chunk of body) {
      await handle.write(chunk);
      written += chunk.byteLength;
    }
    await handle.sync();
    await handle.close();
    await rename(temp, target);
    return written;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

/** The first of `name`, `name (1)`, `name (2)`... that nothing in `dir` has. */
export function freeFileName(dir: string, name: string): string {
  for (let copy = 0; ; copy += 1) {
    const candidate = numberedFileName(name, copy);
    if (!existsSync(join(dir, candidate))) return candidate;
  }
}
