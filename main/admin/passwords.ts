// Passwords for imported rows that bring none: 128 random bits from the OS generator. They are
// stored with the job's item (the export needs them) and never written to a log. Hex, because
// base64url may start with "-", which the export would have to quote as a formula.
import { randomBytes } from 'node:crypto';

export function strongPassword(): string {
  return randomBytes(16).toString('hex');
}
