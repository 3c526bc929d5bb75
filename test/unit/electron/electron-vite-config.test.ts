// electron.vite.config.ts: the entries and output formats the app relies on at run time.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../electron.vite.config';

const root = join(import.meta.dirname, '..', '..', '..');

describe('electron-vite config', () => {
  it('builds main as ESM from main/electron/index.ts, with the snapshot worker and browser mode beside it', () => {
    const build = config.main?.build;
    expect(build?.outDir).toBe(join(root, 'out/main'));
    expect(build?.externalizeDeps).toBe(true);
    expect(build?.rolldownOptions?.input).toEqual({
      index: join(root, 'main/electron/index.ts'),
      'snapshot-worker': join(root, 'main/sync/snapshot-worker.ts'),
      browser: join(root, 'main/browser/start.ts'),
    });
    expect(build?.rolldownOptions?.output).toMatchObject({ format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  });

  it('builds the preload as one self-contained CommonJS file, out/preload/index.cjs', () => {
    const build = config.preload?.build;
    expect(build?.outDir).toBe(join(root, 'out/preload'));
    expect(build?.externalizeDeps).toBe(false);
    expect(build?.rolldownOptions?.input).toEqual({ index: join(root, 'preload/index.ts') });
    expect(build?.rolldownOptions?.output).toMatchObject({ format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false });
  });

  it('builds the Svelte renderer from renderer/ into out/renderer, inlining no assets', () => {
    const renderer = config.renderer;
    expect(renderer?.root).toBe(join(root, 'renderer'));
    expect(renderer?.build?.outDir).toBe(join(root, 'out/renderer'));
    expect(renderer?.build?.rolldownOptions?.input).toBe(join(root, 'renderer/index.html'));
    expect(renderer?.build?.assetsInlineLimit).toBe(0);
    expect(JSON.stringify(renderer?.plugins)).toContain('svelte');
  });
});
