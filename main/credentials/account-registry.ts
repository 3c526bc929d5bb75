import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from '../files/json-file';

/** An account is one user of one organization. Its API key is not here: it lives in the SecretStore. */
export interface Account {
  account_id: string;
  server_url: string;
  /** The address the person signed in with, real or the server's API address: Basic auth takes either. */
  email: string;
  user_id: number;
  realm_name: string;
  /** The address the server names the user by in its API (`user<id>@<host>` where it hides addresses). */
  api_email?: string | undefined;
  /** The user's real address as the server gave it; null where it gave none. Absent in accounts kept before both were. */
  delivery_email?: string | null | undefined;
}

export function accountIdFor(server_url: string, email: string): string {
  return createHash('sha256').update(`${server_url}\n${email.toLowerCase()}`).digest('hex').slice(0, 16);
}

/** The accounts the app knows, in a small JSON file written atomically. */
export class AccountRegistry {
  #accounts: Account[];

  constructor(private readonly file: string) {
    this.#accounts = readAccounts(file);
  }

  list(): Account[] {
    return this.#accounts.map((a) => ({ ...a }));
  }

  get(account_id: string): Account | undefined {
    const found = this.#accounts.find((a) => a.account_id === account_id);
    return found && { ...found };
  }

  upsert(account: Account): void {
    this.#save([...this.#accounts.filter((a) => a.account_id !== account.account_id), { ...account }]);
  }

  remove(account_id: string): void {
    this.#save(this.#accounts.filter((a) => a.account_id !== account_id));
  }

  #save(accounts: Account[]): void {
    writeJsonAtomic(this.file, { version: 1, accounts });
    this.#accounts = accounts;
  }
}

const accountSchema: z.ZodType<Account> = z.object({
  account_id: z.string(),
  server_url: z.string(),
  email: z.string(),
  user_id: z.number(),
  realm_name: z.string(),
  api_email: z.string().optional(),
  delivery_email: z.string().nullable().optional(),
});
const accountsFile = z.object({ accounts: z.array(z.unknown()) });

/** The accounts the file holds; an entry not in the form of an account is left out. */
function readAccounts(file: string): Account[] {
  const parsed = readJson(file);
  if (parsed === undefined) return [];
  const checked = accountsFile.safeParse(parsed);
  if (!checked.success) throw new Error(`${file} is not an accounts file`);
  return checked.data.accounts.flatMap((entry) => {
    const account = accountSchema.safeParse(entry);
    return account.success ? [account.data] : [];
  });
}
