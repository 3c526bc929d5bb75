// One simulator per test file, and a client for each of its accounts, picked by role.
import { ServiceClient, type ServiceClientOptions } from '../../../main/api/service-client';
import { startService, type ServiceAccount, type ServiceOptions } from '../../service/index';

export type Service = Awaited<ReturnType<typeof startService>>;

export interface Harness {
  service: Service;
  clientFor(account: ServiceAccount, options?: Omit<ServiceClientOptions, 'serverUrl' | 'email' | 'apiKey'>): ServiceClient;
  /** The accounts with this role, in the simulator's order. */
  withRole(role: number): ServiceAccount[];
  owner: ServiceAccount;
  member: ServiceAccount;
}

export async function startHarness(options: ServiceOptions = {}): Promise<Harness> {
  const service = await startService(options);
  const withRole = (role: number) => service.accounts.filter((account) => account.role === role);
  const first = (role: number): ServiceAccount => {
    const account = withRole(role)[0];
    if (account === undefined) throw new Error(`the simulator has no account with role ${role}`);
    return account;
  };
  return {
    service,
    withRole,
    owner: first(100),
    member: first(400),
    clientFor: (account, extra = {}) =>
      new ServiceClient({ serverUrl: service.url, email: account.email, apiKey: account.api_key, ...extra }),
  };
}

/** The rejection of a call, for asserting on the error a user would see. */
export async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the call to fail');
}

export const inAnHour = (): number => Math.floor(Date.now() / 1000) + 3600;
