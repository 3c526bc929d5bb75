// Signing in: the server must accept the email and API key, and name the user, before the
// account is kept. No session exists yet: the first registration's answer says it, or this asks
// the server with a client of its own.
import type { User } from '../../shared/api/records';
import { ServiceError } from '../api/errors';
import type { Logger } from '../api/logger';
import { createServiceClient } from '../api/create-client';
import { serverBaseUrl } from '../api/server-url';
import type { ServiceClient } from '../api/service-client';
import type { Account } from '../credentials/account-registry';
import type { Accounts } from '../credentials/accounts';
import type { SnapshotStep } from '../sync/engine';
import type { RegisteredIdentity } from '../sync/registration-params';
import type { SignInSync } from './first-sync';
import { UserFacingError } from './user-facing-error';

export interface CheckedAccount {
  server_url: string;
  user_id: number;
  realm_name: string;
  /** The address the server uses for the user in its API (`user<id>@<host>` where it hides addresses). */
  api_email: string;
  /** The user's real address, when the server gives it (it does to the user themself); null otherwise. */
  delivery_email: string | null;
}

export interface SignInParts {
  accounts: Pick<Accounts, 'keyAhead' | 'add'>;
  /** Starts the account's first registration (snapshots in a worker only). */
  firstSync: Pick<SignInSync, 'start'> | undefined;
  /** Makes the account the active one, with the key given and the first snapshot under way. */
  activate(account_id: string, signedIn: { apiKey: string; firstSnapshot: SnapshotStep | undefined }): Promise<void>;
  logger: Logger;
  fetch: typeof fetch;
}

/**
 * Signs an account in and makes it the active one. The first registration is the check of the
 * key: nothing else goes to the server first, and the key goes to the keychain meanwhile. A
 * refused key leaves nothing behind (the registration's writes, the key): KEY_REJECTED. The
 * session starts once the registration is in the mirror: its views never show the empty mirror
 * of an account just signed in ("all caught up" before the unread arrive), and it opens the mirror
 * without waiting on the worker's lock.
 */
export async function signIn(credentials: { server_url: string; email: string; api_key: string }, parts: SignInParts): Promise<Account> {
  const { server_url, email, api_key } = credentials;
  const first = parts.firstSync?.start(credentials);
  const key = parts.accounts.keyAhead(serverBaseUrl(server_url), email, api_key);
  const check = () => checkCredentials(credentials, parts);
  const checked = await (first ? registeredAccount(server_url, first.registered, check) : check()).catch(async (error: unknown) => {
    await Promise.all([first?.cancel(), key?.withdraw()]);
    throw error instanceof CredentialsRejected ? new UserFacingError('KEY_REJECTED', error.message) : error;
  });
  const account = await parts.accounts.add({ ...checked, email }, api_key, key?.saved);
  await first?.written;
  await parts.activate(account.account_id, { apiKey: api_key, firstSnapshot: first?.step });
  return account;
}

/** The account behind these credentials; a CredentialsRejected when the server refuses them. */
export async function checkCredentials(
  credentials: { server_url: string; email: string; api_key: string },
  options: { logger: Logger; fetch?: typeof fetch },
): Promise<CheckedAccount> {
  const { server_url, email, api_key } = credentials;
  const client = createServiceClient({ server_url, credentials: { email, api_key }, logger: options.logger, ...(options.fetch && { fetch: options.fetch }) });
  try {
    // Both answers are needed; neither waits for the other.
    const [settings, user] = await Promise.all([client.call('getServerSettings', {}), ownUser(client, email)]);
    return {
      server_url: serverBaseUrl(server_url),
      user_id: user.user_id,
      realm_name: settings.realm_name ?? server_url,
      api_email: user.email,
      delivery_email: user.delivery_email ?? null,
    };
  } catch (error) {
    throw refusedKey(error);
  }
}

/**
 * The account the sign-in's first registration named: the server accepted the key when it
 * answered. From a server whose answer names nobody, the account `check` finds.
 */
async function registeredAccount(server_url: string, registered: Promise<RegisteredIdentity | null>, check: () => Promise<CheckedAccount>): Promise<CheckedAccount> {
  const identity = await registered.catch((error: unknown) => {
    throw refusedKey(error);
  });
  if (!identity) return check();
  return {
    server_url: serverBaseUrl(server_url),
    user_id: identity.user_id,
    realm_name: identity.realm_name,
    api_email: identity.email,
    delivery_email: identity.delivery_email ?? null,
  };
}

function refusedKey(error: unknown): unknown {
  return error instanceof ServiceError && error.status === 401 ? new CredentialsRejected(error.msg) : error;
}

/**
 * The signed-in user, from GET /users/me: it answers everyone, where looking oneself up by email
 * fails for a member of an organization that hides addresses (reference/real: "No such user").
 * A server without it (the spec lists only the look-up by email) is asked by email instead.
 */
async function ownUser(client: ServiceClient, email: string): Promise<User> {
  try {
    return await client.call('getOwnUser', {});
  } catch (error) {
    if (!(error instanceof ServiceError) || (error.status !== 400 && error.status !== 404)) throw error;
    return (await client.call('getUserByEmail', { email })).user;
  }
}

export class CredentialsRejected extends Error {
  constructor(readonly serverMessage: string) {
    super(`The server did not accept this email and API key: ${serverMessage}`);
  }
}
