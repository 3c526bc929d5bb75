import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { ipcNames } from './shared/ipc-names-define';

/**
 * The bulk import under the rate limit runs about 45 seconds, mostly waiting on it: started first, it
 * runs beside the other files on the second worker instead of after them.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) => file.moduleId.endsWith('/bulk-rate-limit.e2e.test.ts');
    return [...sorted.filter(longest), ...sorted.filter((file) => !longest(file))];
  }
}

export default defineConfig({
  define: ipcNames,
  // The renderer's state modules (*.svelte.ts) are compiled as the app's build compiles them.
  plugins: [svelte()],
  test: {
    include: ['test/**/*.test.ts'],
    // The real-server suite has its own configuration (vitest.real.config.ts) and server.
    exclude: ['test/real/**', '**/node_modules/**'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // Integration tests start real HTTP servers on loopback; two cores, so keep the pool small.
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    maxWorkers: 2,
    // A test's own waits are for signals, each bounded; its whole may take longer on a loaded
    // machine (a fresh-clone CI run beside a benchmark timed out an eight-step link test at 30 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for a signal (a row shown, a request answered): on a loaded machine it may
    // come later than vitest's default second, which then fails good work.
    expect: { poll: { timeout: 10_000 } },
  },
});
