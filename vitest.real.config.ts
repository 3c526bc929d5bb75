import { defineConfig } from 'vitest/config';
import { ipcNames } from './shared/ipc-names-define';

/** The suite against a real server of the family (`npm run test:real`): one server, files in turn. */
export default defineConfig({
  define: ipcNames,
  test: {
    include: ['test/real/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts', 'test/real/global-setup.ts'],
    pool: 'forks',
    // The server is shared and its answers take longer than the simulator's: one file at a time.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
