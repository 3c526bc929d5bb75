// The real-server suite's setup: a real server of the family started with pristine data on free
// ports (scripts/real-server.sh), handed to the tests with `inject('realServer')`, stopped at the
// end. REAL_SERVER_JSON (the kit's JSON line) points the suite at a server already running instead.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { realServerStart, type RealServer } from './kit';

declare module 'vitest' {
  export interface ProvidedContext {
    realServer: RealServer;
  }
}

const script = join(import.meta.dirname, '..', '..', 'scripts', 'real-server.sh');

export default function setup(project: TestProject): () => void {
  const given = process.env.REAL_SERVER_JSON;
  const started = given === undefined;
  const line = given ?? execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  project.provide('realServer', realServerStart.parse(JSON.parse(line)));
  return () => {
    if (started) execFileSync('bash', [script, 'stop'], { stdio: ['ignore', 'ignore', 'inherit'] });
  };
}
