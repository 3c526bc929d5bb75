// The service simulator: a spec-faithful HTTP server on 127.0.0.1 with its state in SQLite,
// started in-process by tests, the demo and the benchmarks (or as a child process via cli.ts).
import type { AddressInfo } from 'node:net';
import type Database from 'better-sqlite3';
import { deliverDueScheduledMessages } from './areas/scheduledMessages';
import { installOutgoingWebhooks, OUTGOING_WEBHOOK_BOT, webhookReceiverRoute } from './areas/webhooks';
import { initialFaults, resolveConfig, type Faults, type ServiceAccount, type ServiceOptions } from './config';
import { nowSeconds, type Sim } from './context';
import type { RealmRow } from './db/rows';
import { openDatabase } from './db/schema';
import { spelling } from './dialect';
import { EventQueues } from './events/queues';
import { controlHandler } from './http/control';
import { Router } from './http/router';
import { RequestLog } from './http/requestLog';
import { createHttpServer } from './http/server';
import { EMAIL_VISIBILITY } from './records/user';
import { routes } from './routes';
import { seedDemo } from './seed/demo';
import { seedHistory } from './seed/history';
import { seedLarge } from './seed/large';

export type { Faults, ServiceAccount, ServiceOptions } from './config';

export const DEFAULT_FEATURE_LEVEL = 420;

export interface RunningService {
  url: string;
  accounts: ServiceAccount[];
  faults: Faults;
  close(): Promise<void>;
  /** Every queue becomes unknown: the next GET /events gets BAD_EVENT_QUEUE_ID. */
  expireQueues(): void;
  /** Runs the delivery step now, as if the clock read nowSeconds. */
  deliverDueScheduledMessages(nowSeconds?: number): void;
  setOutgoingWebhookUrl(botUserId: number, url: string): void;
  /** Every authenticated request answered, for tests that account for a rate-limit budget. */
  requests: RequestLog;
  db: Database.Database;
}

function seed(db: Database.Database, config: ReturnType<typeof resolveConfig>): ServiceAccount[] {
  const accounts = config.org === 'large' ? seedLarge(db, nowSeconds(), config.users, config.channels) : seedDemo(db, nowSeconds(), config.dialect);
  seedHistory(db, nowSeconds(), config.messages, accounts, config.dialect);
  if (config.hideEmails) hideEmails(db);
  db.prepare('INSERT INTO sim_accounts (json) VALUES (?)').run(JSON.stringify(accounts));
  return accounts;
}

/** Everyone's address hidden from all but administrators, as in a real organization that hides them. */
function hideEmails(db: Database.Database): void {
  db.prepare('UPDATE users SET email_address_visibility = ? WHERE is_bot = 0').run(EMAIL_VISIBILITY.admins);
  db.prepare('UPDATE realm SET default_email_address_visibility = ?').run(EMAIL_VISIBILITY.admins);
}

function savedAccounts(db: Database.Database): ServiceAccount[] {
  return JSON.parse((db.prepare('SELECT json FROM sim_accounts').get() as { json: string }).json) as ServiceAccount[];
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const config = resolveConfig(options);
  const faults = initialFaults(options.featureLevel ?? DEFAULT_FEATURE_LEVEL);
  const { db, resumed } = openDatabase(config.dbPath, config.resume);
  const accounts = resumed ? savedAccounts(db) : seed(db, config);

  const realmQuery = db.prepare('SELECT * FROM realm WHERE id = 1');
  const realm = (): RealmRow => realmQuery.get() as RealmRow;
  const queues = new EventQueues({
    heartbeatMs: config.heartbeatSeconds * 1000,
    idleMs: config.queueIdleSeconds * 1000,
    emptyTopicDisplayName: () => realm().empty_topic_display_name,
    faults,
  });
  const sim: Sim = { db, config, faults, queues, url: '', realm, messageSentHooks: [] };
  const webhooks = installOutgoingWebhooks(sim);

  const setOutgoingWebhookUrl = (botUserId: number, url: string): void => {
    db.prepare('UPDATE users SET webhook_url = ? WHERE user_id = ? AND bot_type = ?').run(url, botUserId, OUTGOING_WEBHOOK_BOT);
  };
  const deliver = (now?: number): void => deliverDueScheduledMessages(sim, now);
  const requests = new RequestLog();
  const actions = { faults, expireQueues: () => queues.expireAll(), deliverDueScheduledMessages: deliver, setOutgoingWebhookUrl, requests };
  const webhookPath = spelling(config.dialect).outgoingWebhookPath;
  const server = createHttpServer(sim, new Router([...routes, webhookReceiverRoute(webhookPath)]), controlHandler(actions), requests);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Until a test points it elsewhere, the demo bot posts to the simulator's own receiver.
  db.prepare('UPDATE users SET webhook_url = ? WHERE bot_type = ? AND webhook_url IS NULL').run(`${sim.url}/api/v1${webhookPath}`, OUTGOING_WEBHOOK_BOT);

  const ticker = setInterval(() => {
    try {
      deliver();
    } catch (error) {
      process.stderr.write(`[service] scheduled delivery failed: ${String(error)}\n`);
    }
  }, config.scheduledTickMs);
  ticker.unref();

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      clearInterval(ticker);
      webhooks.close();
      queues.close();
      server.close(() => {
        db.close();
        resolve();
      });
      // Long polls and hung requests would otherwise keep close() waiting.
      server.closeAllConnections();
    });
    return closing;
  };

  return { url: sim.url, accounts, faults, close, expireQueues: actions.expireQueues, deliverDueScheduledMessages: deliver, setOutgoingWebhookUrl, requests, db };
}
