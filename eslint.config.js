// The layering table of ../shared/ARCHITECTURE.md, enforced so a forbidden import fails `npm test`.
// (eslint-plugin-import rather than import-x: the latter's native resolver has platform packages
// this project's registry does not carry, which breaks `npm ci`.)
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import svelte from 'eslint-plugin-svelte';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nativeOrNetwork = ['electron', 'better-sqlite3', 'keytar', 'ky'];

const forbid = (names, message) => ({
  'no-restricted-imports': ['error', { paths: names.map((name) => ({ name, message })) }],
});

export const layering = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './shared', from: ['./main', './renderer', './preload', './test', './scripts'], message: 'shared/ imports nothing outside itself.' },
        { target: './main', from: ['./renderer', './preload', './test', './scripts'], message: 'main/ may import only shared/ and main/.' },
        { target: './main/!(electron)/**', from: './main/electron', message: 'Only main/electron/ may reach main/electron/.' },
        { target: './preload', from: ['./main', './renderer', './test', './scripts'], message: 'preload/ may import only shared/ and preload/.' },
        { target: './renderer', from: ['./main', './preload', './test', './scripts'], message: 'The renderer never imports main/ or preload/.' },
        { target: './test/service', from: ['./main', './shared', './renderer', './preload'], message: 'The simulator is written from the spec alone: it imports nothing of the client.' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  // TypeScript checks names itself (DOM and Node types included); no-undef only misreads type names.
  { files: ['**/*.ts', '**/*.svelte'], rules: { 'no-undef': 'off' } },
  {
    files: ['renderer/**'],
    languageOptions: {
      globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', location: 'readonly', WebSocket: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' },
    },
  },
  {
    plugins: { import: importPlugin },
    settings: {
      // Extensionless TypeScript imports must resolve, or no-restricted-paths cannot see them.
      'import/resolver': { node: { extensions: ['.ts', '.svelte', '.js', '.mjs', '.json'] } },
    },
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly' } },
    rules: {
      ...layering,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['shared/**'], rules: forbid([...nodeBuiltins, ...nativeOrNetwork], 'shared/ is pure TypeScript: no Node, no electron, no native or network packages.') },
  { files: ['main/**'], ignores: ['main/electron/**'], rules: forbid(['electron'], "Only main/electron/ imports 'electron'.") },
  { files: ['preload/**'], rules: forbid([...nodeBuiltins, 'better-sqlite3', 'keytar', 'ky'], 'preload/ exposes the IPC bridge only.') },
  { files: ['renderer/**'], rules: forbid([...nodeBuiltins, ...nativeOrNetwork], 'The renderer has no Node, network or native access.') },
  { files: ['test/service/**'], rules: forbid(['electron'], 'The simulator is a plain Node server.') },
);
