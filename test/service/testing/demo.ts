// A demo-organization simulator for one test file, with its accounts by role and a client each.
import type { ServiceAccount, ServiceOptions } from '../config';
import { startService, type RunningService } from '../index';
import { clientFor, type Client } from './client';

/** Fixed ids of the demo organization's seed data that tests refer to. */
export const DEMO = {
  channels: { general: 1, random: 2, engineering: 3, design: 4, leadership: 5, oldAnnouncements: 6, sandbox: 7 },
  folders: { engineering: 1, archive: 2 },
  users: { priya: 7, diego: 8, hana: 9, liam: 10, dana: 11, echoBot: 12 },
  profileFields: { phone: 1, biography: 2, editor: 3 },
} as const;

export interface Demo {
  service: RunningService;
  accounts: Record<'owner' | 'admin' | 'admin2' | 'moderator' | 'member' | 'guest', ServiceAccount>;
  clients: Record<'owner' | 'admin' | 'admin2' | 'moderator' | 'member' | 'guest', Client>;
}

export async function startDemo(options: ServiceOptions = {}): Promise<Demo> {
  const service = await startService({ org: 'demo', ...options });
  const byPrefix = (prefix: string): ServiceAccount => {
    const account = service.accounts.find((candidate) => candidate.email.startsWith(`${prefix}@`));
    if (account === undefined) throw new Error(`demo account ${prefix} missing`);
    return account;
  };
  const accounts = {
    owner: byPrefix('owner'),
    admin: byPrefix('admin'),
    admin2: byPrefix('admin2'),
    moderator: byPrefix('moderator'),
    member: byPrefix('member'),
    guest: byPrefix('guest'),
  };
  const clients = Object.fromEntries(Object.entries(accounts).map(([role, account]) => [role, clientFor(service.url, account)])) as Demo['clients'];
  return { service, accounts, clients };
}
