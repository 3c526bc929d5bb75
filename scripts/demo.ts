// `npm run demo`: the simulator with the demo organization, and the app signed in to it as
// its administrator, on a data directory of its own (the user's real accounts are untouched).
// `npm run demo -- --dialect family --hide-emails`: the simulator speaks real servers' original
// identifiers, and the organization hides email addresses, as real ones may.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { consoleLogger } from '../main/app/console-logger';
import { createAppCore } from '../main/app/create-core';
import { DIALECTS } from '../test/service/dialect';
import { startService } from '../test/service/index';
import { runApp } from './app-runner';

const { values } = parseArgs({
  options: { dialect: { type: 'string', default: 'spec' }, 'hide-emails': { type: 'boolean', default: false } },
  strict: true,
});
const dialect = DIALECTS.find((known) => known === values.dialect);
if (dialect === undefined) throw new Error(`--dialect must be ${DIALECTS.join(' or ')}, got ${values.dialect}`);

const service = await startService({ org: 'demo', dialect, hideEmails: values['hide-emails'] });
const dataDir = mkdtempSync(join(tmpdir(), 'team-chat-demo-'));
const administrator = service.accounts.find((account) => account.role === 200)!;

// Sign in once through the app's own core; the app then starts signed in.
const core = await createAppCore({ dataDir, logger: consoleLogger('warn'), snapshotMode: 'inline' });
const signedIn = await core.handlers['accounts.signIn']({ server_url: service.url, email: administrator.email, api_key: administrator.api_key });
await core.shutdown();

console.log(`Demo organization "${signedIn.realm_name}" served by the simulator at ${service.url}`);
console.log(`Signed in as its administrator, ${administrator.email}. Other demo accounts (to add with "Add account"):`);
for (const account of service.accounts) console.log(`  role ${account.role}  ${account.email}  API key ${account.api_key}`);

await runApp(dataDir, async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});
