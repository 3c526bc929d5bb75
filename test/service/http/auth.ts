// HTTP Basic authentication: the API email as username, the API key as password.
import type { Db } from '../db/schema';
import type { UserRow } from '../db/rows';
import { badRequest, unauthorized } from './errors';

export const API_KEY_LENGTH = 32;

export function authenticate(db: Db, realmHost: string, header: string | undefined): UserRow {
  if (header === undefined || header === '') throw unauthorized('Not logged in: API authentication or user session required');
  const [scheme, encoded] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic') throw badRequest('This endpoint requires HTTP basic authentication.');
  if (encoded === undefined) throw unauthorized('Missing authorization header for basic auth');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  const email = decoded.slice(0, colon).trim().toLowerCase();
  const apiKey = decoded.slice(colon + 1);
  if (apiKey.length !== API_KEY_LENGTH) throw unauthorized('Malformed API key');
  const user = db.prepare('SELECT * FROM users WHERE api_key = ?').get(apiKey) as UserRow | undefined;
  // Either the real address or the placeholder API address names the account.
  if (user === undefined || (email !== user.email.toLowerCase() && email !== `user${user.user_id}@${realmHost}`)) {
    throw unauthorized('Invalid API key');
  }
  if (user.is_active !== 1) throw unauthorized('Account is deactivated');
  return user;
}
