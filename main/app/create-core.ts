import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { AppState, IpcNotice, IpcNotices } from '../../shared/ipc';
import type { DataFolderProblem, MirrorProblem, PendingWork, SetAside } from '../../shared/local-data';
import type { SyncStatusView } from '../../shared/sync-status';
import type { Logger } from '../api/logger';
import { Accounts, type Account } from '../credentials/accounts';
import { openSecretStore, KEYCHAIN_SERVICE } from '../credentials/open-secret-store';
import { diskFaultOf, folderFault, folderRefusal } from '../files/disk-faults';
import { readJson, writeJsonAtomic } from '../files/json-file';
import { accountHandlers } from '../handlers/accounts';
import { bulkHandlers } from '../handlers/bulk';
import { adminHandlers } from '../handlers/admin';
import type { CoreContext } from '../handlers/context';
import { composeHandlers } from '../handlers/compose';
import { messageActionHandlers } from '../handlers/message-actions';
import { channelFeedHandlers } from '../handlers/channel-feed';
import { messageViewHandlers } from '../handlers/message-views';
import { ownSettingsHandlers } from '../handlers/own-settings';
import { conversationHandlers } from '../handlers/conversations';
import { directoryHandlers } from '../handlers/directory';
import { subscriptionHandlers } from '../handlers/subscriptions';
import { widgetHandlers } from '../handlers/widgets';
import { notificationHandlers } from '../handlers/notifications';
import { outboxHandlers } from '../handlers/outbox';
import { draftHandlers } from '../handlers/drafts';
import { fileHandlers } from '../handlers/files';
import { sendQueueHandlers } from '../handlers/send-queue';
import { searchHandlers } from '../handlers/search';
import { sidebarHandlers } from '../handlers/sidebar';
import { inboxHandlers } from '../handlers/inbox';
import { localDataHandlers } from '../handlers/local-data';
import { recentHandlers } from '../handlers/recent';
import { unreadHandlers } from '../handlers/unread';
import { schedulingHandlers } from '../handlers/scheduling';
import { snippetHandlers } from '../handlers/snippets';
import { topicHandlers } from '../handlers/topics';
import type { IpcHandlers } from '../handlers/dispatch';
import { organizationNameAfter } from '../store/realm';
import { UserFacingError } from './user-facing-error';
import type { Backoff, SnapshotStep } from '../sync/engine';
import { AccountUnreadTotals } from './account-unread';
import type { AppCore, ServedFile } from './core';
import { DesktopAlerts, type DesktopShell } from './desktop-alerts';
import type { SaveDialog } from './downloads';
import { SignInSync } from './first-sync';
import { setMirrorAside } from './mirror-aside';
import { pendingWork } from './pending-work';
import { AccountSession, stagingFolder } from './session';

export interface CoreOptions {
  /** Where accounts and their mirrors live (Electron: userData). */
  dataDir: string;
  logger: Logger;
  snapshotMode?: 'worker' | 'inline';
  backoff?: Backoff;
  /** The keychain's service name; tests use their own so they never touch the user's entries. */
  keychainService?: string;
  fetch?: typeof fetch;
  /** The Electron shell's notifications and badge; browser mode's page shows its own. */
  desktop?: DesktopShell;
  /** The Electron shell's "Save as…"; browser mode saves through the browser's download. */
  saveDialog?: SaveDialog;
  /** How often a disk that refuses writes is looked at (tests look often). */
  diskCheckMs?: number;
}

/** app-state.json: which account was in front when the app last ran. */
const appStateFile = z.object({ active_account_id: z.string().nullable().optional() });

type Listener = <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;

/** Why an account's mirror could not be opened, naming the file, and whether setting it aside can work. */
function mirrorProblemOf(account_id: string, path: string, error: unknown): MirrorProblem {
  const can_set_aside = folderRefusal(dirname(path)) === undefined;
  const fault = diskFaultOf(error, path);
  if (fault) return { account_id, path: fault.path || path, problem: fault.problem, message: fault.message, can_set_aside };
  return { account_id, path, problem: 'unusable', message: `${path} cannot be used: ${error instanceof Error ? error.message : String(error)}`, can_set_aside };
}

export async function createAppCore(options: CoreOptions): Promise<AppCore> {
  const { dataDir, logger } = options;
  const fetchImpl = options.fetch ?? fetch;
  const localData = (account_id: string) => join(dataDir, 'accounts', account_id);
  const mirrorPath = (account_id: string) => join(localData(account_id), 'mirror.db');
  const stateFile = join(dataDir, 'app-state.json');
  const secrets = await openSecretStore(options.keychainService ?? KEYCHAIN_SERVICE);
  if (secrets.keychainUnavailable) logger.warn(secrets.keychainUnavailable);
  const accounts = new Accounts({
    registryFile: join(dataDir, 'accounts.json'),
    secrets: secrets.store,
    deleteLocalData: (account: Account) => rmSync(localData(account.account_id), { recursive: true, force: true }),
  });
  const listeners = new Set<Listener>();
  const emit: Listener = (notice, payload) => {
    for (const listener of listeners) listener(notice, payload);
  };

  const alerts = new DesktopAlerts({ file: join(dataDir, 'notifications.json'), emit, shell: options.desktop });
  const unreadTotals = new AccountUnreadTotals(mirrorPath);
  let session: AccountSession | undefined;
  let status: SyncStatusView = { state: 'signed_out' };
  let active_account_id = appStateFile.safeParse(readJson(stateFile)).data?.active_account_id ?? null;
  /** The active account's mirror, when it could not be opened. */
  let mirrorProblem: MirrorProblem | null = null;
  /** The data folder, when it refused the last write of app-state.json. */
  let dataProblem: DataFolderProblem | null = null;

  const setStatus = (next: SyncStatusView) => {
    status = next;
    emit('sync.status', next);
  };
  const state = (): AppState => ({
    accounts: accounts.list(),
    active_account_id,
    keychain_unavailable: secrets.keychainUnavailable,
    status,
    mirror_problem: mirrorProblem,
    data_problem: dataProblem,
  });

  /**
   * Remembers which account is in front. A data folder that refuses the write does not stop the
   * app: it is said (where, and why), and the choice is kept in memory until it can be written.
   */
  function saveActiveAccount(): void {
    try {
      writeJsonAtomic(stateFile, { active_account_id });
      dataProblem = null;
    } catch (error) {
      const fault = folderFault(dataDir) ?? diskFaultOf(error, stateFile);
      if (!fault) throw error;
      logger.warn('the data folder refuses writes', { path: fault.path, code: fault.code });
      dataProblem = { path: dataDir, message: fault.message };
    }
  }

  /** Closes the active session, keeping its unread total for the switcher. */
  async function closeSession(): Promise<void> {
    if (session) unreadTotals.set(session.account.account_id, session.unread.counts().total);
    await session?.close();
    session = undefined;
  }

  async function activate(account_id: string | null, signedIn?: { apiKey: string; firstSnapshot: SnapshotStep | undefined }): Promise<void> {
    await closeSession();
    mirrorProblem = null;
    active_account_id = account_id && accounts.get(account_id) ? account_id : null;
    saveActiveAccount();
    const account = active_account_id ? accounts.get(active_account_id) : undefined;
    if (!account) {
      setStatus({ state: 'signed_out' });
    } else {
      const apiKey = signedIn?.apiKey ?? (await accounts.apiKey(account.account_id));
      if (apiKey === null) {
        setStatus({ state: 'key_rejected', message: 'The API key was kept for the last session only: sign in again.' });
      } else {
        session = openSession(account, apiKey, signedIn?.firstSnapshot);
      }
    }
    const active = session;
    alerts.badge(() => active?.unread.counts().total ?? 0);
    emit('app.state', state());
  }

  /** The organization's new name, in the account list: the header and the switcher say it. A refused write keeps the old one. */
  function renameOrganization(account_id: string, realm_name: string | undefined): void {
    if (realm_name === undefined) return;
    try {
      if (accounts.renameOrganization(account_id, realm_name)) emit('app.state', state());
    } catch (error) {
      logger.warn('the account list could not take the organization\'s new name', { account_id, error: String(error) });
    }
  }

  /**
   * The account's session on its mirror; a mirror that cannot be opened (damaged, read-only, a
   * newer version's) leaves the account without one, saying why: the other accounts are not
   * touched, and the window offers retry, set aside and resync, or sign out.
   */
  function openSession(account: Account, apiKey: string, firstSnapshot?: SnapshotStep): AccountSession | undefined {
    const path = mirrorPath(account.account_id);
    try {
      const opened = new AccountSession({
        account,
        apiKey,
        mirrorPath: path,
        logger,
        snapshotMode: options.snapshotMode ?? 'worker',
        ...(firstSnapshot && { firstSnapshot }),
        ...(options.backoff && { backoff: options.backoff }),
        ...(options.diskCheckMs !== undefined && { diskCheckMs: options.diskCheckMs }),
        onChanges: (changes) => {
          emit('mirror.changed', changes);
          const { unread } = changes;
          if (unread) alerts.badge(() => unread.total);
          renameOrganization(account.account_id, organizationNameAfter(opened.db, changes));
        },
        onStatus: setStatus,
        onTyping: (notice) => emit('typing', notice),
        fetch: fetchImpl,
        onJobProgress: (progress) => emit('job.progress', progress),
        onUploadProgress: (progress) => emit('files.progress', progress),
        ...(options.saveDialog && { saveDialog: options.saveDialog }),
        notifications: alerts,
        focused: () => alerts.viewing.focused,
        onDelivered: (messages) => emit('outbox.delivered', { messages }),
      });
      setStatus({ state: 'connecting' });
      opened.start();
      return opened;
    } catch (error) {
      mirrorProblem = mirrorProblemOf(account.account_id, path, error);
      logger.warn('an account mirror could not be opened', { account_id: account.account_id, problem: mirrorProblem.problem, error: String(error) });
      setStatus({ state: 'disk', message: mirrorProblem.message });
      return undefined;
    }
  }

  async function setAside(account_id: string): Promise<SetAside & { state: AppState }> {
    if (mirrorProblem?.account_id !== account_id) throw new UserFacingError('MIRROR_OPENS', "This account's local data opens: there is nothing to set aside.");
    const path = mirrorPath(account_id);
    let done: SetAside;
    try {
      done = setMirrorAside(path);
    } catch (error) {
      throw diskFaultOf(error, path) ?? new UserFacingError('NOT_SET_ASIDE', `${path} could not be set aside: ${error instanceof Error ? error.message : String(error)}`);
    }
    logger.info('an account mirror was set aside', { account_id, aside_path: done.aside_path, carried: done.carried });
    await activate(account_id);
    return { ...done, state: state() };
  }

  function pendingOf(account_id: string): PendingWork {
    const account = accounts.get(account_id);
    if (!account) throw new UserFacingError('NO_SUCH_ACCOUNT', 'That account is not signed in on this computer.');
    const path = mirrorPath(account_id);
    const open = session?.account.account_id === account_id ? session : undefined;
    return pendingWork(account.user_id, open ? { db: open.db } : { mirrorPath: path }, stagingFolder(path));
  }

  function activeSession(): AccountSession {
    if (!session) throw new UserFacingError('SIGNED_OUT', 'Sign in to an organization first.');
    return session;
  }

  const signInSync =
    (options.snapshotMode ?? 'worker') === 'worker'
      ? new SignInSync({ mirrorPath, known: (account_id) => accounts.get(account_id) !== undefined, removeLocalData: (account_id) => rmSync(localData(account_id), { recursive: true, force: true }) })
      : undefined;
  const context: CoreContext = {
    accounts,
    signInSync,
    logger,
    fetch: fetchImpl,
    state,
    emit,
    activate,
    activeSession,
    session: () => session,
    closeSession,
    setMirrorAside: setAside,
    pendingWork: pendingOf,
  };
  const handlers: IpcHandlers = { ...accountHandlers(context), ...localDataHandlers(context), ...directoryHandlers(context), ...subscriptionHandlers(context), ...widgetHandlers(context), ...conversationHandlers(context), ...channelFeedHandlers(context), ...messageViewHandlers(context), ...composeHandlers(context), ...messageActionHandlers(context), ...topicHandlers(context), ...snippetHandlers(context), ...outboxHandlers(context), ...ownSettingsHandlers(context), ...draftHandlers(context), ...fileHandlers(context), ...sendQueueHandlers(context), ...unreadHandlers(context), ...searchHandlers(context), ...sidebarHandlers(context), ...inboxHandlers(context), ...recentHandlers(context), ...notificationHandlers(context, alerts, unreadTotals), ...schedulingHandlers(context), ...adminHandlers(context), ...bulkHandlers(context) };

  // Resume where the last run stopped: the cached mirror is served at once, sync follows.
  await activate(active_account_id);
  // Nobody signed in: the sign-in card is what shows, and the first sync gets ready behind it.
  if (!active_account_id) signInSync?.warmUp();

  return {
    handlers,
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async serverImage(account_id: string, path: string): Promise<ServedFile> {
      // The renderer shows the active account's images only; its session holds the credentials.
      if (session?.account.account_id !== account_id) return { status: 404, headers: {}, body: new Uint8Array() };
      return session.serverImage(path);
    },
    async download(ticket: string): Promise<ServedFile> {
      if (!session) return { status: 404, headers: {}, body: new Uint8Array() };
      return session.downloads.serve(ticket);
    },
    networkChanged() {
      session?.engine.wake();
    },
    async shutdown() {
      signInSync?.dispose();
      await closeSession();
    },
  };
}
