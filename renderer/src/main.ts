import './lib/jitless-zod';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { reportCspViolations } from './lib/csp-reports';

reportCspViolations();
mount(App, { target: document.getElementById('app')! });
