// A random secret that admits whoever presents it (browser mode's page), checked in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessToken {
  /** URL-safe: it travels in a query string. */
  readonly value: string;
  /** True only for the exact token; never throws, whatever was given (absent, any length, any characters). */
  admits(given: unknown): boolean;
}

export function newAccessToken(): AccessToken {
  const value = randomBytes(32).toString('base64url');
  // Both sides go through the same HMAC, so timingSafeEqual always compares 32 bytes with 32
  // bytes, however many bytes the given string encodes to.
  const key = randomBytes(32);
  const digest = (text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
  const expected = digest(value);
  return { value, admits: (given) => typeof given === 'string' && timingSafeEqual(digest(given), expected) };
}
