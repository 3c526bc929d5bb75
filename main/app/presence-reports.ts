// The user's own presence, reported as the family's clients do: on coming online, then every ping
// interval the organization announces, `active` while the app's window has the focus, `idle`
// otherwise. Each answer carries everyone's presence (what changed since the last report, by its
// update id), and that is how others going idle or offline reach the mirror: the server sends an
// event only when someone comes online.
import type { Logger } from '../api/logger';
import type { ServiceClient } from '../api/service-client';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { lastPresenceUpdateId, mergePresences } from '../store/presence';
import { realmValue } from '../store/realm';

/** The family's default, until registration announces the organization's own. */
const DEFAULT_PING_INTERVAL_SECONDS = 60;

export interface PresenceReportsOptions {
  db: ReadOnlyMirror;
  write: MirrorWrite;
  client: Pick<ServiceClient, 'call'>;
  online: () => boolean;
  /** Whether the app's window has the focus: the user is then active. */
  focused: () => boolean;
  logger: Logger;
}

export class PresenceReports {
  readonly #options: PresenceReportsOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(options: PresenceReportsOptions) {
    this.#options = options;
  }

  /** The connection came (back): report now, then on the interval, rather than wait for it. */
  online(): void {
    clearTimeout(this.#timer);
    void this.#report();
  }

  dispose(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  async #report(): Promise<void> {
    const { db, write, client, online, focused, logger } = this.#options;
    if (this.#closed || !online()) return;
    const last_update_id = lastPresenceUpdateId(db);
    try {
      const answer = await client.call('updatePresence', {
        status: focused() ? 'active' : 'idle',
        slim_presence: true,
        ...(last_update_id !== undefined && { last_update_id }),
      });
      const { presences, server_timestamp, presence_last_update_id } = answer;
      if (!this.#closed && presences !== undefined && server_timestamp !== undefined) {
        write((mirror, changes) => mergePresences(mirror, { presences, server_timestamp, last_update_id: presence_last_update_id }, Date.now(), changes));
      }
    } catch (error) {
      // The next report, or the next time online, tries again; presence is never worth an alarm.
      logger.warn('presence report failed', { error: String(error) });
    }
    if (this.#closed) return;
    const interval = realmValue(db, 'server_presence_ping_interval_seconds');
    this.#timer = setTimeout(() => void this.#report(), (typeof interval === 'number' ? interval : DEFAULT_PING_INTERVAL_SECONDS) * 1000);
    this.#timer.unref();
  }
}
