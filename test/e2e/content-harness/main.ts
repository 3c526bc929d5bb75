/// <reference lib="dom" />
// A page that shows server HTML through the app's own content components, with the app's styles,
// served by browser mode (its CSP, its server images): content-cases.e2e.test.ts renders each case
// of the real server's HTML here.
import '../../../renderer/src/lib/jitless-zod';
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import Harness from './Harness.svelte';

mount(Harness, { target: document.getElementById('harness') ?? document.body });
