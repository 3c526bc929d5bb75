// Real disk faults for tests: a read-only bind mount (a file or a folder that refuses writes, even
// to root, who ignores chmod) and a small tmpfs (a disk that fills up). Both need root with the
// right to mount, as the tests have here and in CI; where mounting is refused the test fails with
// the reason, it is never skipped.
import { execFileSync } from 'node:child_process';

function run(args: string[], what: string): void {
  try {
    execFileSync(args[0]!, args.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
    throw new Error(`${what} failed (these tests need root and the right to mount): ${stderr}`);
  }
}

/** Makes `path` (a file or a folder) read-only in place; the returned function makes it writable again. */
export function bindReadOnly(path: string): () => void {
  run(['mount', '--bind', path, path], `mount --bind ${path}`);
  try {
    run(['mount', '-o', 'remount,ro,bind', path], `remount ${path} read-only`);
  } catch (error) {
    unmount(path);
    throw error;
  }
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    unmount(path);
  };
}

/** Mounts a tmpfs of `bytes` at the (existing, empty) folder `dir`; the returned function unmounts it. */
export function smallDisk(dir: string, bytes: number): () => void {
  run(['mount', '-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], `mount a tmpfs at ${dir}`);
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    unmount(dir);
  };
}

/** Lazily: a handle the app still holds (a worker's, say) must not leave the mount behind. */
function unmount(path: string): void {
  run(['umount', '-l', path], `umount ${path}`);
}
