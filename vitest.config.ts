import { defineConfig } from 'vitest/config';
import { ipcNames } from './shared/ipc-names-define';

export default defineConfig({
  define: ipcNames,
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // Integration tests start real HTTP servers on loopback; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
