import { createHash } from 'node:crypto';
import { readJson, writeJsonAtomic } from '../files/json-file';

/** An account is one user of one organization. Its API key is not here: it lives in the SecretStore. */
export interface Account {
  account_id: string;
  server_url: string;
  email: string;
  user_id: number;
  realm_name: string;
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

function readAccounts(file: string): Account[] {
  const parsed = readJson(file) as { accounts?: unknown } | undefined;
  if (parsed === undefined) return [];
  if (!Array.isArray(parsed.accounts)) throw new Error(`${file} is not an accounts file`);
  return parsed.accounts.filter(isAccount);
}

function isAccount(value: unknown): value is Account {
  const a = value as Partial<Account> | null;
  return (
    typeof a === 'object' && a !== null &&
    typeof a.account_id === 'string' && typeof a.server_url === 'string' &&
    typeof a.email === 'string' && typeof a.user_id === 'number' && typeof a.realm_name === 'string'
  );
}
