// A TypeScript script in a child process that a test can SIGKILL at a chosen moment, with every
// line it prints collected as it comes.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  process: ChildProcess;
  lines: string[];
}

export function spawnScript(file: string, args: string[]): Child {
  const process_ = spawn(process.execPath, ['--import', 'tsx', file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  process_.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  return { process: process_, lines };
}

export async function killHard(process_: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => process_.once('exit', resolve));
  process_.kill('SIGKILL');
  await exited;
}
