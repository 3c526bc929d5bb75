// What the real server kit's start.sh prints: its URL and its development accounts.
import { z } from 'zod';

const account = z.object({
  email: z.string(),
  api_key: z.string(),
  role: z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']),
  user_id: z.number(),
  full_name: z.string(),
  password: z.string(),
});

export const realServerStart = z.object({
  url: z.string(),
  accounts: z.array(account),
  feature_level: z.number(),
  zulip_version: z.string(),
  realm_name: z.string(),
});

export type RealServer = z.infer<typeof realServerStart>;
export type RealAccount = z.infer<typeof account>;

/** The kit's account of `role` (the first one, where there are several members). */
export function accountOf(server: RealServer, email: string): RealAccount {
  const found = server.accounts.find((a) => a.email === email);
  if (!found) throw new Error(`the real server kit has no account ${email}`);
  return found;
}
