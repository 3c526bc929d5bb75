// What every handler works with: the database, the options, the fault knobs and the event queues.
import type { Config, Faults } from './config';
import type { Db } from './db/schema';
import type { MessageRow, RealmRow } from './db/rows';
import type { EventQueues } from './events/queues';
import type { Mentions } from './render';

export interface Sim {
  readonly db: Db;
  readonly config: Config;
  readonly faults: Faults;
  readonly queues: EventQueues;
  /** The service's root address, known once the server listens. */
  url: string;
  realm(): RealmRow;
  /** Called after every message is stored and its events are out (outgoing webhooks listen here). */
  readonly messageSentHooks: ((message: MessageRow, mentions: Mentions) => void)[];
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const SERVICE_VERSION = '12.0-dev-sim';
