import { Buffer } from 'node:buffer';

/** The HTTP Basic credentials of an account: its email and API key, as the spec asks for them. */
export function basicAuthorization(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`, 'utf8').toString('base64')}`;
}
