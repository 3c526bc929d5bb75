// Run in a child process whose D-Bus address leads nowhere: prints what openSecretStore chose.
import { openSecretStore } from '../../../main/credentials/open-secret-store';

const choice = await openSecretStore(`team-chat-desktop-test-${process.pid}`);
console.log(JSON.stringify({ persistent: choice.store.persistent, keychainUnavailable: choice.keychainUnavailable }));
