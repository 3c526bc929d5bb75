import keytar from 'keytar';

/**
 * Takes out of the OS keychain every key a test's app wrote under its own service name. The
 * keychain is the machine's, not the test's: keys left behind stay there for good, and each one
 * makes every later write slower (gnome-keyring rewrites its whole file: 3 ms a write when empty,
 * 120 ms with the 2,657 items earlier runs had left on this machine).
 */
export async function forgetKeychainService(service: string): Promise<void> {
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
}
