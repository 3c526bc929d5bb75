// What Vite bundles beside TypeScript, for the Node-side typecheck (svelte-check reads the
// components themselves).
declare module '*.svelte' {
  import type { Component } from 'svelte';
  const component: Component<Record<string, never>>;
  export default component;
}
declare module '*.css';
