// Signing in names the user with GET /users/me, which answers everyone: looking oneself up by
// email is refused to a member of an organization that hides addresses ("No such user", as the
// real server in reference/real answered). The account keeps what the person typed (Basic auth
// takes it) and the addresses the server gave.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import { checkCredentials, CredentialsRejected, signIn as signInAccount } from '../../../main/app/sign-in';
import { AccountRegistry, type Account } from '../../../main/credentials/account-registry';
import { visibleEmail } from '../../../shared/email-addresses';
import { answerAsCaptured } from '../../support/real-exchanges';
import { json, useCaptureServer } from '../api/capture-server';

const server = useCaptureServer();
const dir = mkdtempSync(join(tmpdir(), 'sign-in-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signIn = (email: string) => checkCredentials({ server_url: server.url, email, api_key: 'k' }, { logger: silentLogger });
const path = (url: string) => url.split('?')[0];

describe('sign-in', () => {
  it('names a member of an organization that hides addresses by GET /users/me, never by their address', async () => {
    server.respond((req, res) => {
      if (req.url.endsWith('/server_settings')) return answerAsCaptured(res, 'server_settings');
      if (req.url.endsWith('/users/me')) return answerAsCaptured(res, 'member_own_user');
      answerAsCaptured(res, 'member_get_user_by_email');
    });
    const account = await signIn('hamlet@zulip.com');
    expect(account).toEqual({ server_url: server.url, user_id: 10, realm_name: 'Zulip Dev', api_email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com' });
    expect(server.requests.map((r) => path(r.url))).toEqual(['/api/v1/server_settings', '/api/v1/users/me']);
    expect(server.requests[1]?.headers.authorization).toBe(`Basic ${Buffer.from('hamlet@zulip.com:k').toString('base64')}`);
  });

  it('asks a server without GET /users/me (the spec lists only the look-up by email) by email', async () => {
    server.respond((req, res) => {
      if (req.url.endsWith('/server_settings')) return json(res, 200, { result: 'success', msg: '', service_feature_level: 420, realm_name: 'Demo' });
      if (req.url.endsWith('/users/me')) return json(res, 400, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
      json(res, 200, { result: 'success', msg: '', user: { user_id: 7, email: 'owner@demo.example', delivery_email: 'owner@demo.example', full_name: 'Owner' } });
    });
    expect(await signIn('owner@demo.example')).toMatchObject({ user_id: 7, api_email: 'owner@demo.example', delivery_email: 'owner@demo.example' });
    expect(server.requests.map((r) => path(r.url))).toEqual(['/api/v1/server_settings', '/api/v1/users/me', '/api/v1/users/owner%40demo.example']);
  });

  it('says the server did not accept the key when it answers 401', async () => {
    server.respond((req, res) => (req.url.endsWith('/server_settings') ? answerAsCaptured(res, 'server_settings') : answerAsCaptured(res, 'bad_key')));
    const refused = signIn('hamlet@zulip.com');
    await expect(refused).rejects.toBeInstanceOf(CredentialsRejected);
    await expect(refused).rejects.toThrow('The server did not accept this email and API key: Invalid API key');
  });
});

describe('the account as kept and labelled', () => {
  it('is labelled with the real address where the server gave it, whatever was typed', () => {
    expect(visibleEmail({ email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com' })).toBe('hamlet@zulip.com');
    expect(visibleEmail({ email: 'hamlet@zulip.com' })).toBe('hamlet@zulip.com');
    expect(visibleEmail({ email: 'user10@zulipdev.com', delivery_email: null })).toBe('user10@zulipdev.com');
  });

  it('keeps the addresses the server gave, and still reads accounts kept before it did', () => {
    const file = join(dir, 'accounts.json');
    const old = { account_id: 'a1', server_url: 'http://127.0.0.1:9991', email: 'iago@zulip.com', user_id: 11, realm_name: 'Zulip Dev' };
    writeFileSync(file, JSON.stringify({ version: 1, accounts: [old] }));
    const registry = new AccountRegistry(file);
    expect(registry.list()).toEqual([old]);
    registry.upsert({ ...old, account_id: 'a2', email: 'hamlet@zulip.com', user_id: 10, api_email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com' });
    expect(new AccountRegistry(file).get('a2')).toMatchObject({ email: 'hamlet@zulip.com', api_email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com' });
  });
});

describe('signing in with the first registration as the check', () => {
  const credentials = { server_url: 'https://chat.example.com', email: 'ada@example.com', api_key: 'k' };
  const identity = { user_id: 10, email: 'ada@example.com', delivery_email: null, realm_name: 'Example' };

  // The account's views must not read its mirror before the registration is in it: an Inbox read
  // then says "all caught up" over the unread that arrive a moment later.
  it('makes the account active only once the registration is in the mirror', async () => {
    const steps: string[] = [];
    let written!: () => void;
    const firstSync = {
      start: () => ({
        registered: Promise.resolve(identity),
        written: new Promise<void>((resolve) => (written = resolve)),
        step: () => Promise.reject(new Error('not taken here')),
        cancel: () => Promise.resolve(),
      }),
    };
    const accounts = {
      keyAhead: () => undefined,
      add: async (details: Omit<Account, 'account_id'>) => ({ ...details, account_id: 'a1' }),
    };
    const signingIn = signInAccount(credentials, {
      accounts,
      firstSync,
      activate: async () => void steps.push('activated'),
      logger: silentLogger,
      fetch: () => Promise.reject(new Error('no other request')),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    steps.push('written');
    written();
    await expect(signingIn).resolves.toMatchObject({ account_id: 'a1', user_id: 10, realm_name: 'Example' });
    expect(steps).toEqual(['written', 'activated']);
  });
});
