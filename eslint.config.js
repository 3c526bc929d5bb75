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
        // Inside main/ (../shared/ARCHITECTURE.md): store and api use neither each other nor anything above them;
        // sync and admin use store and api; app uses those and credentials; handlers use app and below.
        // The composition root (app/core.ts, app/create-core.ts) is what joins the handlers to the app.
        { target: './main/store', from: ['./main/api', './main/sync', './main/admin', './main/app', './main/handlers', './main/credentials', './main/browser'], message: 'main/store/ uses nothing above it, and not main/api/.' },
        { target: './main/api', from: ['./main/store', './main/sync', './main/admin', './main/app', './main/handlers', './main/credentials', './main/browser'], message: 'main/api/ uses nothing above it, and not main/store/.' },
        { target: './main/sync', from: ['./main/admin', './main/app', './main/handlers', './main/credentials', './main/browser'], message: 'main/sync/ may use main/store/ and main/api/ only.' },
        { target: './main/admin', from: ['./main/sync', './main/app', './main/handlers', './main/credentials', './main/browser'], message: 'main/admin/ may use main/store/ and main/api/ only.' },
        { target: './main/app/!(core|create-core).ts', from: ['./main/handlers', './main/browser'], message: 'main/app/ sits below the handlers; only its composition root joins them.' },
        { target: './main/handlers', from: ['./main/browser'], message: 'main/handlers/ adapt IPC to the session; browser mode carries them, not the reverse.' },
        { target: './preload', from: ['./main', './renderer', './test', './scripts'], message: 'preload/ may import only shared/ and preload/.' },
        { target: './renderer', from: ['./main', './preload', './test', './scripts'], message: 'The renderer never imports main/ or preload/.' },
        // Inside the renderer: views reach the account's state through its context, never its parts
        // (App.svelte, which makes the state per account, sits outside the folders).
        {
          target: './renderer/src/!(account)/**',
          from: './renderer/src/account',
          except: ['./context.ts'],
          message: "Views reach the active account's state through account/context (accountState, useQuery, onChanges), never its parts.",
        },
        { target: './test/service', from: ['./main', './shared', './renderer', './preload'], message: 'The simulator is written from the spec alone: it imports nothing of the client.' },
      ],
    },
  ],
};

/** Only main/store/ writes SQL: no statement is prepared, and no store statement helper called, elsewhere in main/. */
const sqlOutsideStore = [
  { selector: "CallExpression[callee.property.name=/^(prepare|pragma)$/]", message: 'Only main/store/ writes SQL: add a function there.' },
  { selector: 'CallExpression[callee.name=/^(prepared|reader|writer)$/]', message: 'Only main/store/ writes SQL: add a function there.' },
];

/**
 * The renderer's per-account state has one owner, the AccountState of account/, made per active
 * account and dropped with it: no other module holds state of its own for the life of the page.
 */
const moduleStateInRenderer = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((declaration) => [
  {
    selector: `${declaration} > VariableDeclarator > CallExpression:matches([callee.name=/^\\$(state|derived)$/], [callee.object.name=/^\\$(state|derived)$/])`,
    message: "No module-level runes in the renderer: per-account state belongs to the account's state (renderer/src/account/), the rest to a component.",
  },
  {
    selector: `${declaration} > VariableDeclarator > NewExpression`,
    message: "No module-level instances in the renderer's state modules: per-account state belongs to the account's state (renderer/src/account/).",
  },
]);

/** Per-account state belongs to the account session, which disposes it; a handler module holds none. */
const moduleStateInHandlers = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((declaration) => [
  { selector: `${declaration}[kind!='const']`, message: 'No module-level variables in main/handlers/: per-account state belongs to the session (main/app/session.ts).' },
  { selector: `${declaration} > VariableDeclarator > NewExpression`, message: 'No module-level instances in main/handlers/: per-account state belongs to the session (main/app/session.ts).' },
]);

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
  {
    files: ['main/**'],
    ignores: ['main/electron/**', 'main/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: "Only main/electron/ imports 'electron'." },
            { name: 'better-sqlite3', message: 'Only main/store/ opens SQLite.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...sqlOutsideStore],
    },
  },
  { files: ['main/store/**'], rules: forbid(['electron'], "Only main/electron/ imports 'electron'.") },
  { files: ['main/electron/**'], rules: { ...forbid(['better-sqlite3'], 'Only main/store/ opens SQLite.'), 'no-restricted-syntax': ['error', ...sqlOutsideStore] } },
  { files: ['main/handlers/**'], rules: { 'no-restricted-syntax': ['error', ...sqlOutsideStore, ...moduleStateInHandlers] } },
  { files: ['preload/**'], rules: forbid([...nodeBuiltins, 'better-sqlite3', 'keytar', 'ky'], 'preload/ exposes the IPC bridge only.') },
  { files: ['renderer/**'], rules: forbid([...nodeBuiltins, ...nativeOrNetwork], 'The renderer has no Node, network or native access.') },
  // The window's own state, not an account's: the connection main pushes and the colour theme of this computer.
  {
    files: ['renderer/**/*.svelte.ts'],
    ignores: ['renderer/src/lib/connection.svelte.ts', 'renderer/src/lib/theme.svelte.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moduleStateInRenderer] },
  },
  { files: ['test/service/**'], rules: forbid(['electron'], 'The simulator is a plain Node server.') },
);
