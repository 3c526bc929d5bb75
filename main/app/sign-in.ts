// Signing in: the server must accept the email and API key, and name the user, before the
// account is kept. No session exists yet, so this asks the server with a client of its own.
import { ServiceError } from '../api/errors';
import type { Logger } from '../api/logger';
import { createServiceClient } from '../api/create-client';

export interface CheckedAccount {
  server_url: string;
  user_id: number;
  realm_name: string;
}

/** The account behind these credentials; a CredentialsRejected when the server refuses them. */
export async function checkCredentials(
  credentials: { server_url: string; email: string; api_key: string },
  options: { logger: Logger; fetch?: typeof fetch },
): Promise<CheckedAccount> {
  const { server_url, email, api_key } = credentials;
  const client = createServiceClient({ server_url, credentials: { email, api_key }, logger: options.logger, ...(options.fetch && { fetch: options.fetch }) });
  const settings = await client.call('getServerSettings', {});
  try {
    const { user } = await client.call('getUserByEmail', { email });
    return { server_url: client.apiRoot.replace(/\/api\/v1$/, ''), user_id: user.user_id, realm_name: settings.realm_name ?? server_url };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) throw new CredentialsRejected(error.msg);
    throw error;
  }
}

export class CredentialsRejected extends Error {
  constructor(readonly serverMessage: string) {
    super(`The server did not accept this email and API key: ${serverMessage}`);
  }
}
