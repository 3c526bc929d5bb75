// Builds the three parts of the Electron app into out/: main (ESM, dependencies left to
// node_modules, native modules included), the preload (one self-contained CommonJS file, as
// sandboxed preloads require) and the Svelte renderer.
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { ipcNames } from './shared/ipc-names-define';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // better-sqlite3, keytar and every other dependency are loaded from node_modules at run time.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'main/electron/index.ts'),
          // main/sync/worker-snapshot.ts starts it as ./snapshot-worker.js beside its own module.
          'snapshot-worker': resolve(root, 'main/sync/snapshot-worker.ts'),
          // Browser mode (`npm start` without Electron): the same core, run by plain Node.
          browser: resolve(root, 'main/browser/start.ts'),
        },
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          // Shared code stays in out/main too, so `new URL('./snapshot-worker.js', import.meta.url)`
          // finds the worker from whichever chunk holds worker-snapshot.ts.
          chunkFileNames: '[name]-[hash].js',
        },
      },
    },
  },
  preload: {
    define: ipcNames,
    build: {
      outDir: resolve(root, 'out/preload'),
      // Sandboxed preloads can require only a few electron modules: everything else is inlined.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [svelte()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: resolve(root, 'renderer/index.html') },
      // Nothing inlined as data: URLs: the CSP allows fonts from 'self' only.
      assetsInlineLimit: 0,
      // A third of the size to load and parse at every start.
      minify: true,
    },
  },
});
