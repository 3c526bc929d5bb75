// API keys and webhook tokens: 32 random alphanumerics, generated in bulk for large organizations.
import { randomBytes } from 'node:crypto';
import { API_KEY_LENGTH } from '../http/auth';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateApiKeys(count: number): string[] {
  const bytes = randomBytes(count * API_KEY_LENGTH);
  const keys: string[] = new Array<string>(count);
  for (let index = 0; index < count; index += 1) {
    let key = '';
    for (let offset = index * API_KEY_LENGTH; offset < (index + 1) * API_KEY_LENGTH; offset += 1) key += ALPHABET[(bytes[offset] ?? 0) % ALPHABET.length];
    keys[index] = key;
  }
  return keys;
}

export function generateApiKey(): string {
  return generateApiKeys(1)[0] ?? '';
}
