// What every benchmark needs: the simulator in its own process (so its work never counts
// against ours), timing, and the one output format of lines.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { formatBenchLine, type Comparison } from './lines';

export interface SimulatorAccount {
  email: string;
  api_key: string;
  role: number;
  user_id: number;
}

export interface Simulator {
  url: string;
  accounts: SimulatorAccount[];
  admin: SimulatorAccount;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');

export async function startSimulator(args: string[]): Promise<Simulator> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'test', 'service', 'cli.ts'), '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { url, accounts } = JSON.parse(line) as { url: string; accounts: SimulatorAccount[] };
  const admin = accounts.find((a) => a.role === 200);
  if (!admin) throw new Error('the simulator has no administrator');
  return {
    url,
    accounts,
    admin,
    stop: async () => {
      // A bench may stop it early, to measure the app offline, before its cleanup stops it again.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ReportOptions {
  /** What the figure is compared with: its floor, or what a peer pays. */
  compare?: Comparison;
  /** How many measurements the figure summarizes. */
  n?: number;
  extra?: Record<string, string | number>;
}

export function report(name: string, value: number, unit: string, { compare, n, extra = {} }: ReportOptions = {}): void {
  const fields = Object.fromEntries(Object.entries(extra).map(([key, field]) => [key, String(typeof field === 'number' ? Math.round(field) : field)]));
  console.log(formatBenchLine({ name, value, unit, ...(compare ? { compare } : {}), ...(n === undefined ? {} : { n }), extra: fields }));
}

export async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function scratchDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'bench-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function basicAuth(account: SimulatorAccount): string {
  return `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`;
}
