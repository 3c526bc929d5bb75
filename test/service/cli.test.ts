// The command-line entry point as a child process: exactly one JSON line on stdout, a working
// server behind it, the HTTP controls, and a clean exit on SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './testing/client';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Started {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  line: { url: string; accounts: { email: string; api_key: string; role: number; user_id: number; full_name: string }[] };
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/service/cli.ts', ...args], { cwd: ROOT });
  children.push(child);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  const deadline = Date.now() + 20_000;
  while (!stdout.includes('\n')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`simulator did not start: ${stdout}`);
    await delay(25);
  }
  return { child, stdout: () => stdout, line: JSON.parse(stdout.split('\n')[0] ?? '') as Started['line'] };
}

describe('cli', () => {
  it('prints exactly one JSON line, serves, and exits cleanly on SIGTERM', async () => {
    const { child, stdout, line } = await startCli(['--port', '0', '--org', 'demo', '--heartbeat', '1', '--feature-level', '400']);
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.accounts.map((account) => account.role).sort()).toEqual([100, 200, 200, 300, 400, 600]);
    for (const account of line.accounts) expect(account.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    const member = line.accounts.find((account) => account.role === 400);
    if (member === undefined) throw new Error('no member account');
    const users = await call(line.url, member, 'GET', '/users');
    expect(users.status).toBe(200);
    expect((await call(line.url, null, 'GET', '/server_settings')).body['service_feature_level']).toBe(400);

    const faults = await fetch(`${line.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ rateLimitNext: 1, retryAfterSeconds: 0.5 }) });
    expect(((await faults.json()) as { faults: Record<string, unknown> }).faults).toMatchObject({ rateLimitNext: 1, retryAfterSeconds: 0.5 });
    expect((await call(line.url, member, 'GET', '/users')).status).toBe(429);

    await delay(200);
    expect(stdout().split('\n').filter(Boolean)).toHaveLength(1);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(stdout().trim().split('\n')).toHaveLength(1);
  });

  it('generates a large organization from the command line', async () => {
    const { child, line } = await startCli(['--port', '0', '--org', 'large', '--users', '3000', '--channels', '300', '--rate-limit', '100']);
    expect(line.accounts[0]).toMatchObject({ email: 'user1@large.example', full_name: 'User 00001', role: 100 });
    const admin = line.accounts.find((account) => account.role === 200);
    if (admin === undefined) throw new Error('no administrator account');
    const reply = await call(line.url, admin, 'GET', '/users');
    expect((reply.body['members'] as unknown[]).length).toBe(3000);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('100');
    child.kill('SIGINT');
    expect(((await once(child, 'exit')) as [number | null])[0]).toBe(0);
  });

  it('speaks the family dialect and hides emails when asked', async () => {
    const { child, line } = await startCli(['--port', '0', '--org', 'demo', '--dialect', 'family', '--hide-emails', '--max-upload-mib', '5']);
    const settings = (await call(line.url, null, 'GET', '/server_settings')).body;
    expect(settings).toMatchObject({ zulip_feature_level: expect.any(Number) });
    expect(settings).not.toHaveProperty('service_feature_level');
    const member = line.accounts.find((account) => account.role === 400);
    if (member === undefined) throw new Error('no member account');
    const me = (await call(line.url, member, 'GET', '/users/me')).body;
    expect(me).toMatchObject({ email: `user${member.user_id}@demo.example`, delivery_email: member.email });
    expect((await call(line.url, member, 'POST', '/register', { fetch_event_types: ['realm'] })).body['max_file_upload_size_mib']).toBe(5);
    child.kill('SIGTERM');
    expect(((await once(child, 'exit')) as [number | null])[0]).toBe(0);
  });

  it('refuses an unknown dialect', async () => {
    await expect(startCli(['--port', '0', '--dialect', 'klingon'])).rejects.toThrow('simulator did not start');
  });
});
