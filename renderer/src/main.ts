import './lib/jitless-zod';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { preloadKatex } from './content/katex';
import { refuseStrayDrops } from './files/drop';
import { reportCspViolations } from './lib/csp-reports';

reportCspViolations();
refuseStrayDrops(window);
mount(App, { target: document.getElementById('app')! });
preloadKatex();
