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
}

export async function startBrowserApp(options: BrowserAppOptions) {
  const logger = consoleLogger();
  const core = await createAppCore({ dataDir: options.dataDir, logger });
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
    rendererDir: values['renderer-dir'] ?? join(import.meta.dirname, '..', '..', 'out', 'renderer'),
    ...(values.port !== undefined && { port: Number(values.port) }),
  });
  console.log(`Team Chat is running in browser mode. Open: ${app.browser.url}`);
  const quit = () => void app.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
