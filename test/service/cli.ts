// `npm run service -- --port 0 --org demo`: starts the simulator and prints exactly one JSON line
// on stdout, {"url", "accounts"}; everything else goes to stderr. Serves until SIGTERM/SIGINT.
// `--dialect family` speaks real servers' original identifiers (zulip_feature_level, ...),
// `--hide-emails` makes the organization hide email addresses, `--max-upload-mib N` caps uploads.
import { parseArgs } from 'node:util';
import { DIALECTS } from './dialect';
import { startService, type ServiceOptions } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    org: { type: 'string', default: 'demo' },
    users: { type: 'string' },
    channels: { type: 'string' },
    messages: { type: 'string' },
    'rate-limit': { type: 'string' },
    heartbeat: { type: 'string' },
    'feature-level': { type: 'string' },
    'queue-idle': { type: 'string' },
    'longpoll-timeout': { type: 'string' },
    'push-configured': { type: 'boolean', default: false },
    db: { type: 'string' },
    resume: { type: 'boolean', default: false },
    dialect: { type: 'string', default: 'spec' },
    'hide-emails': { type: 'boolean', default: false },
    'max-upload-mib': { type: 'string' },
  },
  strict: true,
});

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number, got ${value}`);
  return parsed;
}

if (values.org !== 'demo' && values.org !== 'large') throw new Error(`--org must be demo or large, got ${values.org}`);

const dialect = DIALECTS.find((known) => known === values.dialect);
if (dialect === undefined) throw new Error(`--dialect must be ${DIALECTS.join(' or ')}, got ${values.dialect}`);

const options: ServiceOptions = { org: values.org, port: number('port', values.port) ?? 0, pushConfigured: values['push-configured'], dialect, hideEmails: values['hide-emails'] };
const optional: [keyof ServiceOptions, number | undefined][] = [
  ['users', number('users', values.users)],
  ['channels', number('channels', values.channels)],
  ['messages', number('messages', values.messages)],
  ['rateLimitPerMinute', number('rate-limit', values['rate-limit'])],
  ['heartbeatSeconds', number('heartbeat', values.heartbeat)],
  ['featureLevel', number('feature-level', values['feature-level'])],
  ['queueIdleSeconds', number('queue-idle', values['queue-idle'])],
  ['longpollTimeoutSeconds', number('longpoll-timeout', values['longpoll-timeout'])],
  ['maxFileUploadSizeMib', number('max-upload-mib', values['max-upload-mib'])],
];
for (const [key, value] of optional) if (value !== undefined) Object.assign(options, { [key]: value });
if (values.db !== undefined) options.dbPath = values.db;
options.resume = values.resume;

const started = Date.now();
const service = await startService(options);
process.stderr.write(`[service] ${values.org} organization ready at ${service.url} in ${Date.now() - started} ms\n`);
process.stdout.write(`${JSON.stringify({ url: service.url, accounts: service.accounts })}\n`);

const stop = (): void => {
  void service.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
