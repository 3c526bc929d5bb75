// The app against the real server: its core (as Electron and browser mode run it) on a data
// directory of its own, reached through the same validated dispatch the renderer's calls take,
// and a bare HTTP client that acts as the server's other users and checks what the server holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createAppCore } from '../../main/app/create-core';
import type { AppCore } from '../../main/app/core';
import { dispatch } from '../../main/handlers/dispatch';
import type { IpcArgs, IpcChannel, IpcResult } from '../../shared/ipc';
import { accountOf, type RealAccount, type RealServer } from './kit';
import { forgetKeychainService } from '../support/keychain';

export const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export function realServer(): RealServer {
  return inject('realServer');
}

export function account(email: string): RealAccount {
  return accountOf(realServer(), email);
}

/**
 * Polls until `check` holds (what the tests wait on: the server's events, the app's sync). A check
 * that asks the server polls slower: the suite's users share the server's rate limit.
 */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000, intervalMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** How often a check that asks the server polls: a few requests a wait, under every rate limit. */
export const SERVER_POLL_MS = 500;

export interface RealApp {
  core: AppCore;
  dataDir: string;
  /** One IPC call as the renderer makes it: validated, answered with the value or thrown as the renderer sees the error. */
  call<C extends IpcChannel>(channel: C, args: IpcArgs<C>): Promise<IpcResult<C>>;
  close(): Promise<void>;
}

export async function openApp(name: string, options: { fetch?: typeof fetch; snapshotMode?: 'worker' | 'inline' } = {}): Promise<RealApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `real-${name}-`));
  const keychainService = `team-chat-real-${name}-${process.pid}`;
  const core = await createAppCore({
    dataDir,
    logger: silent,
    snapshotMode: options.snapshotMode ?? 'inline',
    keychainService,
    backoff: { baseMs: 200, maxMs: 1_000 },
    ...(options.fetch && { fetch: options.fetch }),
  });
  return {
    core,
    dataDir,
    async call(channel, args) {
      const answer = await dispatch(core.handlers, channel, args);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
      // dispatch answers with the handler's own value for this channel.
      return answer.value as IpcResult<typeof channel>;
    },
    async close() {
      await core.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
      await forgetKeychainService(keychainService);
    },
  };
}

/** Signs `who` in (by the address the person knows, as they would type it) and waits until online. */
export async function signIn(app: RealApp, who: RealAccount, serverUrl = realServer().url): Promise<void> {
  await app.call('accounts.signIn', { server_url: serverUrl, email: who.email, api_key: who.api_key });
  await until(async () => (await app.call('app.state', undefined)).status.state === 'online', `${who.email} online`);
}

/** The server's API as one of its users, without the app: to act as someone else and to check what the server holds. */
export class Bare {
  readonly #authorization: string;
  constructor(
    readonly who: RealAccount,
    readonly url = realServer().url,
  ) {
    this.#authorization = `Basic ${Buffer.from(`${who.email}:${who.api_key}`).toString('base64')}`;
  }

  async call(method: string, path: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const fields = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const query = method === 'GET' && fields.size > 0 ? `?${fields}` : '';
    const response = await fetch(`${this.url}/api/v1${path}${query}`, {
      method,
      headers: { authorization: this.#authorization },
      ...(method !== 'GET' && { body: fields }),
    });
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) throw new Error(`${method} ${path}: not a JSON object`);
    return Object.fromEntries(Object.entries(body));
  }

  /** Messages of a narrow on the server, oldest first. */
  async messages(narrow: { operator: string; operand: unknown }[], count = 100): Promise<{ id: number; content: string; subject: string; flags: string[] }[]> {
    const answer = await this.call('GET', '/messages', { anchor: 'newest', num_before: count, num_after: 0, narrow, apply_markdown: false });
    if (!Array.isArray(answer.messages)) throw new Error(`GET /messages: ${String(answer.msg)}`);
    return answer.messages.map((m: { id: number; content: string; subject: string; flags: string[] }) => ({ id: m.id, content: m.content, subject: m.subject, flags: m.flags }));
  }
}

/** A unique word for this run, so tests find their own messages on a shared server. */
export function marker(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
