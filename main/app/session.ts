import { dirname, join } from 'node:path';
import { isUploadThumbnailPath, isUserUploadPath } from '../../shared/api/uploads';
import { registrationContext } from '../../shared/api/registration';
import type { MirrorChanges } from '../../shared/mirror-changes';
import { conversationOfRecordKey } from '../../shared/outbox-records';
import type { JobProgress, UploadProgress } from '../../shared/ipc';
import { isAdministrator } from '../admin/caller';
import { JobRunner } from '../admin/job-runner';
import { forgetExpiredSecrets } from '../store/bulk-jobs';
import type { Logger } from '../api/logger';
import { basicAuthorization } from '../api/authorization';
import { ValidationError } from '../api/errors';
import { createServiceClient } from '../api/create-client';
import type { ServiceClient } from '../api/service-client';
import type { Account } from '../credentials/account-registry';
import { diskFaultOf } from '../files/disk-faults';
import { StagingArea, StagingError, type StagingLimits } from '../files/staging-area';
import { ChangeCollector, hasChanges, type MirrorWrite } from '../store/changes';
import { openMirror, type MirrorDatabase } from '../store/database';
import { stagedIdsInDrafts } from '../store/drafts';
import { stagedIdsInOutbox } from '../store/outbox';
import { mutedUserIdsOf, realmValues, setRealmValues, uploadLimitMib } from '../store/realm';
import { SyncEngine, type Backoff, type SnapshotStep } from '../sync/engine';
import { OutboxDrain } from '../sync/outbox-drain';
import { PollSpacing } from '../sync/poll-spacing';
import { inlineSnapshot } from '../sync/snapshot';
import type { SyncStatus } from '../sync/status';
import { Composers, DEFAULT_TYPING_PERIODS, systemTimers, TypingNotifier, TypingTracker, type TypingNotice, type TypingPeriods, type TypingTarget } from '../sync/typing';
import { DraftSync } from '../sync/draft-sync';
import { TopicHistoryFetch } from '../sync/topic-history-fetch';
import { UnreadFetch } from '../sync/unread-fetch';
import { endSnapshotWorkers, workerSnapshot } from '../sync/worker-snapshot';
import type { ServedFile } from './core';
import { DeferrableCalls } from './deferrable';
import { DiskWatch } from './disk-watch';
import type { NotificationSink } from './desktop-alerts';
import { PresenceReports } from './presence-reports';
import { Downloads, type SaveDialog } from './downloads';
import { MessageNotifications } from './notifications';
import { SendQueue } from './send-queue';
import { fetchServerImage } from './server-images';
import { UnreadState } from './unread-state';
import { Uploads } from './uploads';
import { UserFacingError } from './user-facing-error';
import { fetchFullImage } from './user-uploads';

/** Where an account's staged files wait: in its folder, beside its mirror, so signing out removes both. */
export const stagingFolder = (mirrorPath: string): string => join(dirname(mirrorPath), 'staged-files');

/**
 * A staged file the outbox needs is gone, or refused by the app's own rules: the message is
 * refused, for the user to edit (the reason names the file). Anything else is as it was.
 */
function attachmentFailure(error: unknown): unknown {
  if (error instanceof StagingError && error.code === 'NOT_STAGED') return new ValidationError('POST /user_uploads', [{ param: 'content', message: error.message }]);
  return error;
}

/** With a cache to show, the first screen gets the machine for this long before sync starts. */
const CACHED_START_REGISTRATION_DELAY_MS = 1_000;
/** A probe for a server coming back waits no longer than this for its answer. */
const PROBE_TIMEOUT_MS = 5_000;

export interface SessionOptions {
  account: Account;
  apiKey: string;
  mirrorPath: string;
  logger: Logger;
  /** 'worker' keeps a large snapshot off the main thread; 'inline' is simpler for small tests. */
  snapshotMode: 'worker' | 'inline';
  /** How long to wait between retries while offline (the engine's default when absent). */
  backoff?: Backoff;
  /** How long a sent message's event is waited for before the message is fetched (the outbox's default when absent). */
  eventWaitMs?: number;
  /** What changed in the mirror, the unread totals with it when they may have moved. */
  onChanges: (changes: MirrorChanges) => void;
  onStatus: (status: SyncStatus) => void;
  onTyping: (notice: TypingNotice) => void;
  /** How server images are fetched (tests pass their own). */
  fetch?: typeof fetch;
  /** The progress of this account's bulk jobs. */
  onJobProgress?: (progress: JobProgress) => void;
  /** Where desktop notifications of this account's messages go (none when absent). */
  notifications?: NotificationSink;
  /** Messages queued while offline reached the server, this many, once the connection came back. */
  onDelivered?: (messages: number) => void;
  /** How far each upload has come. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Electron's "Save as…"; without it (browser mode) a saved file is the browser's download. */
  saveDialog?: SaveDialog;
  /** How much the files staged for upload may take (DEFAULT_STAGING_LIMITS when absent). */
  stagingLimits?: StagingLimits;
  /** The first snapshot, already under way (an account being signed in): the first registration. */
  firstSnapshot?: SnapshotStep;
  /** How often the disk is looked at while it refuses writes (DiskWatch's default when absent). */
  diskCheckMs?: number;
  /** Whether the app's window has the focus: the presence reported is then active, otherwise idle. */
  focused?: () => boolean;
}

/**
 * One signed-in account at work: its mirror (served at once, before any network), its client,
 * its event loop, the typing of others, the outbox replayed whenever the loop comes online, the
 * send queue and the actions that can wait, and the unread counts every screen shares. Every
 * write to the mirror, from events or from the screens' actions, reports what it changed through
 * one path, which pushes the change notice.
 */
export class AccountSession {
  readonly account: Account;
  readonly db: MirrorDatabase;
  /** Runs a write in one transaction; what it reported is pushed to the screens once committed. */
  readonly write: MirrorWrite;
  /** The unread counts, counted once per change that can move them. */
  readonly unread: UnreadState;
  readonly client: ServiceClient;
  readonly engine: SyncEngine;
  readonly typing: TypingTracker;
  /** The local user's typing, per composer. */
  readonly composers = new Composers((target) => this.typingNotifier(target));
  readonly bulkJobs: JobRunner;
  /** Brings the messages of unread conversations not cached yet, each time sync comes online. */
  readonly unreadFetch: UnreadFetch;
  /** Brings a channel's old topics, once a session, the first time they are read online. */
  readonly topicHistory: TopicHistoryFetch;
  /** Tells the server the drafts written, sent and deleted here, for the user's other devices. */
  readonly drafts: DraftSync;
  readonly #logger: Logger;
  /** The account's credentials for its server's images, from the one keychain read that made this session. */
  readonly #authorization: string;
  readonly #fetch: typeof fetch;
  readonly #onChanges: (changes: MirrorChanges) => void;
  /** What was done offline, and the messages sent, on their way to the server. */
  readonly outbox: OutboxDrain;
  readonly sendQueue: SendQueue;
  readonly deferrable: DeferrableCalls;
  readonly #notifications: MessageNotifications | undefined;
  /** Files staged in the account's directory and uploaded to its server. */
  readonly uploads: Uploads;
  /** Files of its server saved where the user asks, and images shown at full size. */
  readonly downloads: Downloads;
  /** The mirror's disk while it refuses writes: said in the status, and sync and the outbox wait for it. */
  readonly #disk: DiskWatch;
  /** The engine's own status; a disk that refuses is said over it. */
  #engineStatus: SyncStatus = { state: 'connecting' };
  readonly #onStatus: (status: SyncStatus) => void;
  readonly presence: PresenceReports;

  constructor(options: SessionOptions) {
    this.account = options.account;
    this.#logger = options.logger;
    this.#authorization = basicAuthorization(options.account.email, options.apiKey);
    this.#fetch = options.fetch ?? fetch;
    this.#onChanges = options.onChanges;
    this.#onStatus = options.onStatus;
    this.#disk = new DiskWatch({
      logger: options.logger,
      ...(options.diskCheckMs !== undefined && { checkMs: options.diskCheckMs }),
      onChange: (fault) => {
        this.#showStatus();
        // What stopped on the refusal goes on: the outbox's replay (sync waits on the watch itself).
        if (!fault) void this.outbox.run();
      },
    });
    this.db = openMirror(options.mirrorPath);
    let realm: ReturnType<typeof realmValues>;
    let staging: StagingArea;
    try {
      this.unread = new UnreadState(this.db);
      // Bulk-job passwords kept for an export that never came go at the latest when the app starts.
      forgetExpiredSecrets(this.db);
      realm = realmValues(this.db);
      staging = new StagingArea(stagingFolder(options.mirrorPath), options.stagingLimits);
    } catch (error) {
      this.db.close();
      throw diskFaultOf(error, options.mirrorPath) ?? error;
    }
    this.write = (write) => {
      const changes = new ChangeCollector();
      const result = this.#onDisk(options.mirrorPath, () => this.db.transaction(() => write(this.db, changes))());
      if (!changes.empty) this.#publish(changes.notice());
      return result;
    };
    const hasCache = Object.keys(realm).length > 0;
    const cached = registrationContext(realm);
    const pollSpacing = new PollSpacing();
    this.client = createServiceClient({
      server_url: options.account.server_url,
      credentials: { email: options.account.email, api_key: options.apiKey },
      logger: options.logger,
      ...(cached.service_feature_level !== undefined && { featureLevel: cached.service_feature_level }),
      onRateLimit: (state) => pollSpacing.observe(state),
    });
    // Limits and feature level from the last registration hold until a new one answers.
    this.client.useRegistration(cached);
    this.typing = new TypingTracker(options.onTyping, options.account.user_id, this.#typingPeriods(), systemTimers, (user_id) => mutedUserIdsOf(this.db).includes(user_id));
    const online = () => this.online;
    this.uploads = new Uploads({
      staging,
      client: this.client,
      limitMib: () => uploadLimitMib(this.db),
      onProgress: options.onUploadProgress ?? (() => undefined),
    });
    // Staged files no draft and no queued message names any more (sent, or their text changed
    // before a crash) go; the others wait to be sent.
    void this.uploads.sweep(new Set([...stagedIdsInOutbox(this.db), ...stagedIdsInDrafts(this.db)])).catch((error: unknown) =>
      options.logger.warn('unneeded staged files were not removed', { error: String(error) }),
    );
    this.outbox = new OutboxDrain({
      db: this.db,
      write: this.write,
      client: this.client,
      user_id: options.account.user_id,
      logger: options.logger,
      online,
      ...(options.onDelivered && { onDelivered: options.onDelivered }),
      ...(options.backoff && { retry: options.backoff }),
      ...(options.eventWaitMs !== undefined && { eventWaitMs: options.eventWaitMs }),
      onDiskFault: (fault) => this.#disk.report(fault),
      // The event loop, woken, asks the server at once and says that it refuses the account.
      onUnauthorized: () => this.engine.wake(),
      attachments: {
        upload: (staged_id) => this.uploads.upload(staged_id).catch((error: unknown) => Promise.reject(attachmentFailure(error))),
        release: async (staged_ids) => {
          for (const staged_id of staged_ids) await this.uploads.discard(staged_id);
        },
      },
    });
    this.sendQueue = new SendQueue({
      db: this.db,
      write: this.write,
      user_id: options.account.user_id,
      outbox: this.outbox,
      online,
      limits: () => this.client.announced,
      isStaged: (staged_id) => this.uploads.isStaged(staged_id),
    });
    this.deferrable = new DeferrableCalls({ db: this.db, write: this.write, client: this.client, online });
    this.unreadFetch = new UnreadFetch({ db: this.db, write: this.write, client: this.client, logger: options.logger });
    this.topicHistory = new TopicHistoryFetch({ write: this.write, client: this.client, online, logger: options.logger });
    this.drafts = new DraftSync({ db: this.db, write: this.write, client: this.client, online, logger: options.logger });
    this.downloads = new Downloads({ ...this.#accountServer(), saveDialog: options.saveDialog });
    this.presence = new PresenceReports({ db: this.db, write: this.write, client: this.client, online, focused: options.focused ?? (() => false), logger: options.logger });
    this.bulkJobs = new JobRunner({ db: this.db, client: this.client, logger: options.logger, onProgress: options.onJobProgress ?? (() => undefined) });
    const registration: SnapshotStep =
      options.snapshotMode === 'worker'
        ? workerSnapshot({ serverUrl: options.account.server_url, email: options.account.email, apiKey: options.apiKey, mirrorPath: options.mirrorPath })
        : inlineSnapshot(this.client, this.db);
    const notifications = options.notifications && new MessageNotifications(this.db, this.account.account_id, options.notifications);
    this.#notifications = notifications;
    this.engine = new SyncEngine({
      db: this.db,
      client: this.client,
      snapshot: registration,
      ...(options.firstSnapshot && { firstSnapshot: options.firstSnapshot }),
      logger: options.logger,
      ...(options.backoff && { backoff: options.backoff }),
      ...(hasCache && { firstRegistrationDelayMs: CACHED_START_REGISTRATION_DELAY_MS }),
      pollSpacingMs: () => pollSpacing.spacingMs(Date.now()),
      // The family's clients check the server answers before registering again; this one asks
      // for its settings, the lightest call every server has, without the key.
      probe: (signal) => this.client.call('getServerSettings', {}, { signal, timeoutMs: PROBE_TIMEOUT_MS }),
      onChanges: (changes) => this.#publish(changes),
      waitForDisk: (fault, signal) => {
        this.#disk.report(fault);
        return this.#disk.whenClear(signal);
      },
      onStatus: (status) => {
        this.#engineStatus = status;
        this.#showStatus();
        if (status.state === 'online') {
          void this.outbox.catchUp();
          this.unreadFetch.run();
          this.drafts.run();
          this.presence.online();
        }
      },
      onTyping: (event) => this.typing.handle(event),
      onApplied: (events) => {
        notifications?.consider(events);
        for (const event of events) if (event.type === 'delete_message' && event.stream_id !== undefined) this.topicHistory.messagesDeleted(event.stream_id);
      },
      onRegistered: (summary) => {
        this.drafts.registered();
        this.client.useRegistration(summary.context);
        if (summary.dialect) this.client.heardDialect(summary.dialect);
        this.#refreshServerSettings();
      },
    });
  }

  start(): void {
    this.engine.start();
  }

  get online(): boolean {
    return this.engine.status.state === 'online';
  }

  /** Actions that cannot wait in the outbox are refused offline, with the reason. */
  requireOnline(action: string): void {
    if (!this.online) throw new UserFacingError('OFFLINE', `${action} needs the connection to the server, and the app is offline.`);
  }

  /** The status the window shows: the engine's, unless the disk refuses writes, which is said instead. */
  #showStatus(): void {
    const fault = this.#disk.fault;
    this.#onStatus(fault ? { state: 'disk', message: fault.message } : this.#engineStatus);
  }

  /** Runs a write; the disk's refusal is reported (said, and watched until it passes) and thrown as a DiskFault. */
  #onDisk<T>(path: string, work: () => T): T {
    try {
      return work();
    } catch (error) {
      const fault = diskFaultOf(error, path);
      if (!fault) throw error;
      this.#disk.report(fault);
      throw fault;
    }
  }

  /** Owners and administrators, from the mirror's record of the signed-in user. */
  isAdministrator(): boolean {
    return isAdministrator(this.db, this.account.user_id);
  }

  /**
   * The one way a change notice leaves the session: the unread totals counted once, here, when it
   * may have moved them, and the messages waiting for each conversation whose queue changed (what
   * its open view shows of them, without asking).
   */
  #publish(changes: MirrorChanges): void {
    if (!hasChanges(changes)) return;
    if (changes.changed.drafts) this.drafts.soon();
    const unread = this.unread.after(changes);
    const queued = (changes.changed.outbox ?? []).flatMap((key) => conversationOfRecordKey(String(key)) ?? []);
    const pending = queued.length > 0 ? Object.fromEntries(queued.map((conversation) => [conversation, this.sendQueue.pending(conversation)])) : undefined;
    this.#onChanges({ ...changes, ...(unread && { unread }), ...(pending && { pending }) });
  }

  /**
   * The organization's server settings (login methods, push availability), kept with the realm
   * values after each registration (which replaces those); offline, the last copy stands.
   */
  #refreshServerSettings(): void {
    this.client
      .call('getServerSettings', {})
      // Through the session's write: a disk that refuses it (full, read-only) is said and watched
      // as for any write, not left to reject where nobody listens.
      .then((server_settings) => this.db.open && this.write((db) => setRealmValues(db, { server_settings })))
      .catch((error: unknown) => this.#logger.debug('server settings not refreshed', { error: String(error) }));
  }

  /** The local user's typing in one composer, sent with the periods the server announced. */
  typingNotifier(target: TypingTarget): TypingNotifier {
    return new TypingNotifier(target, (params) => this.client.call('setTypingStatus', params), this.#typingPeriods(), systemTimers, (error) =>
      this.#logger.debug('a typing notification was not delivered', { error: String(error) }),
    );
  }

  /** Read at each use, so a new registration's announcement applies at once. */
  #typingPeriods(): TypingPeriods {
    const client = this.client;
    const announced = <K extends keyof TypingPeriods>(key: K): number => client.announced[key] ?? DEFAULT_TYPING_PERIODS[key];
    return {
      get server_typing_started_expiry_period_milliseconds() {
        return announced('server_typing_started_expiry_period_milliseconds');
      },
      get server_typing_stopped_wait_period_milliseconds() {
        return announced('server_typing_stopped_wait_period_milliseconds');
      },
      get server_typing_started_wait_period_milliseconds() {
        return announced('server_typing_started_wait_period_milliseconds');
      },
    };
  }

  /**
   * An image of the account's server (avatar, realm icon, a thumbnail), fetched with its
   * credentials; an uploaded image itself at full size (the lightbox's).
   */
  serverImage(path: string): Promise<ServedFile> {
    if (isUserUploadPath(path) && !isUploadThumbnailPath(path)) return fetchFullImage(this.#accountServer(), path);
    return fetchServerImage(this.account.server_url, path, this.#authorization, this.#fetch);
  }

  #accountServer() {
    return { server_url: this.account.server_url, authorization: this.#authorization, fetch: this.#fetch };
  }

  /** Drops a staged file the user removed; kept while a queued message names it (the message needs it). */
  async discardStaged(staged_id: string): Promise<void> {
    if (stagedIdsInOutbox(this.db).has(staged_id)) return;
    await this.uploads.discard(staged_id);
  }

  /** Replays what was done offline; one replay at a time. */
  replayOutbox(): void {
    void this.outbox.run();
  }

  /** Stops the loop and the bulk jobs (a restart offers them again), deletes the queue on the server, closes the mirror. */
  async close(): Promise<void> {
    await this.engine.stop();
    await endSnapshotWorkers(this.db.name);
    await this.unreadFetch.dispose();
    await this.topicHistory.dispose();
    await this.drafts.dispose();
    this.bulkJobs.dispose();
    this.presence.dispose();
    await this.outbox.close();
    await this.uploads.close();
    this.typing.clear();
    this.composers.dispose();
    this.#notifications?.dispose();
    this.#disk.dispose();
    this.db.close();
  }
}

