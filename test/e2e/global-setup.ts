// The end-to-end tests and browser mode serve out/renderer: build it once per test run, from
// the current sources, so a test never runs against a stale bundle.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', '..', 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
