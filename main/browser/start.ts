// `npm start` where Electron is not installed: the app in browser mode. Prints the URL to open.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppCore } from '../app/create-core';
import { consoleLogger } from '../app/console-logger';
import { startBrowserMode } from './server';

export interface BrowserAppOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  /** The keychain entry name; benchmarks and tests use their own (TEAMCHAT_KEYCHAIN_SERVICE). */
  keychainService?: string;
}

export async function startBrowserApp(options: BrowserAppOptions) {
  const logger = consoleLogger();
  const core = await createAppCore({
    dataDir: options.dataDir,
    logger,
    ...(options.keychainService !== undefined && { keychainService: options.keychainService }),
  });
  const browser = await startBrowserMode({ core, rendererDir: options.rendererDir, logger, ...(options.port !== undefined && { port: options.port }) });
  const stop = async () => {
    await core.shutdown();
    await browser.close();
  };
  return { core, browser, stop };
}

export function defaultDataDir(): string {
  const base = process.env.XDG_DATA_HOME ?? join(process.env.HOME ?? '.', '.local', 'share');
  return join(base, 'team-chat-desktop');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, port: { type: 'string' }, 'renderer-dir': { type: 'string' } },
  });
  const app = await startBrowserApp({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    // Built, this file is out/main/browser.js beside out/renderer; from source, main/browser/start.ts.
    rendererDir: values['renderer-dir'] ?? join(import.meta.dirname, ...(import.meta.url.endsWith('.ts') ? ['..', '..', 'out'] : ['..']), 'renderer'),
    ...(values.port !== undefined && { port: Number(values.port) }),
    ...(process.env.TEAMCHAT_KEYCHAIN_SERVICE && { keychainService: process.env.TEAMCHAT_KEYCHAIN_SERVICE }),
  });
  console.log(`Team Chat is running in browser mode. Open: ${app.browser.url}`);
  const quit = () => void app.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
