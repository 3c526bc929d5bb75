// How `npm start` and `npm run demo` run the app: in Electron where its binary is installed,
// otherwise in browser mode (this machine, CI), after building the bundle either way.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBrowserApp } from '../main/browser/start';

export const root = join(import.meta.dirname, '..');

export function build(): void {
  execFileSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The Electron binary's path, or null when only the npm package is installed. Read from the
 * package's path.txt rather than by requiring it: requiring it tries to download the binary.
 */
export function electronBinary(): string | null {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Runs the app on `dataDir` until it is closed (Electron) or interrupted (browser mode). */
export async function runApp(dataDir: string, onStop: () => Promise<void> = async () => undefined): Promise<void> {
  build();
  const electron = electronBinary();
  if (electron) {
    const child = spawn(electron, [root], { stdio: 'inherit', env: { ...process.env, TEAMCHAT_DATA_DIR: dataDir } });
    child.on('exit', (code) => void onStop().then(() => process.exit(code ?? 0)));
    return;
  }
  const app = await startBrowserApp({ dataDir, rendererDir: join(root, 'out', 'renderer') });
  console.log('Electron is not installed here, so the app runs in browser mode.');
  console.log(`Open this URL in a browser (it carries the access token): ${app.browser.url}`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => void app.stop().then(onStop).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
