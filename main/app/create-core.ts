import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppState, IpcNotice, IpcNotices } from '../../shared/ipc';
import type { SyncStatusView } from '../../shared/sync-status';
import type { Logger } from '../api/logger';
import { Accounts, type Account } from '../credentials/accounts';
import { openSecretStore, KEYCHAIN_SERVICE } from '../credentials/open-secret-store';
import { readJson, writeJsonAtomic } from '../files/json-file';
import { accountHandlers } from '../handlers/accounts';
import { bulkHandlers } from '../handlers/bulk';
import { adminHandlers } from '../handlers/admin';
import type { CoreContext } from '../handlers/context';
import { composeHandlers } from '../handlers/compose';
import { messageActionHandlers } from '../handlers/message-actions';
import { conversationHandlers } from '../handlers/conversations';
import { directoryHandlers } from '../handlers/directory';
import { notificationHandlers } from '../handlers/notifications';
import { outboxHandlers } from '../handlers/outbox';
import { draftHandlers } from '../handlers/drafts';
import { fileHandlers } from '../handlers/files';
import { sendQueueHandlers } from '../handlers/send-queue';
import { searchHandlers } from '../handlers/search';
import { sidebarHandlers } from '../handlers/sidebar';
import { inboxHandlers } from '../handlers/inbox';
import { recentHandlers } from '../handlers/recent';
import { unreadHandlers } from '../handlers/unread';
import { schedulingHandlers } from '../handlers/scheduling';
import { snippetHandlers } from '../handlers/snippets';
import { topicHandlers } from '../handlers/topics';
import type { IpcHandlers } from '../handlers/dispatch';
import { UserFacingError } from './user-facing-error';
import type { Backoff } from '../sync/engine';
import { AccountUnreadTotals } from './account-unread';
import type { AppCore, ServedFile } from './core';
import { DesktopAlerts, type DesktopShell } from './desktop-alerts';
import type { SaveDialog } from './downloads';
import { AccountSession } from './session';

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
}

/** app-state.json: which account was in front when the app last ran. */
const appStateFile = z.object({ active_account_id: z.string().nullable().optional() });

type Listener = <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;

export async function createAppCore(options: CoreOptions): Promise<AppCore> {
  const { dataDir, logger } = options;
  const fetchImpl = options.fetch ?? fetch;
  const mirrorPath = (account_id: string) => join(dataDir, 'accounts', account_id, 'mirror.db');
  const stateFile = join(dataDir, 'app-state.json');
  const secrets = await openSecretStore(options.keychainService ?? KEYCHAIN_SERVICE);
  if (secrets.keychainUnavailable) logger.warn(secrets.keychainUnavailable);
  const accounts = new Accounts({
    registryFile: join(dataDir, 'accounts.json'),
    secrets: secrets.store,
    deleteLocalData: (account: Account) => rmSync(join(dataDir, 'accounts', account.account_id), { recursive: true, force: true }),
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

  const setStatus = (next: SyncStatusView) => {
    status = next;
    emit('sync.status', next);
  };
  const state = (): AppState => ({
    accounts: accounts.list(),
    active_account_id,
    keychain_unavailable: secrets.keychainUnavailable,
    status,
  });

  /** Closes the active session, keeping its unread total for the switcher. */
  async function closeSession(): Promise<void> {
    if (session) unreadTotals.set(session.account.account_id, session.unread.counts().total);
    await session?.close();
    session = undefined;
  }

  async function activate(account_id: string | null): Promise<void> {
    await closeSession();
    active_account_id = account_id && accounts.get(account_id) ? account_id : null;
    writeJsonAtomic(stateFile, { active_account_id });
    const account = active_account_id ? accounts.get(active_account_id) : undefined;
    if (!account) {
      setStatus({ state: 'signed_out' });
    } else {
      const apiKey = await accounts.apiKey(account.account_id);
      if (apiKey === null) {
        setStatus({ state: 'key_rejected', message: 'The API key was kept for the last session only: sign in again.' });
      } else {
        session = new AccountSession({
          account,
          apiKey,
          mirrorPath: mirrorPath(account.account_id),
          logger,
          snapshotMode: options.snapshotMode ?? 'worker',
          ...(options.backoff && { backoff: options.backoff }),
          onChanges: (changes) => {
            emit('mirror.changed', changes);
            const { unread } = changes;
            if (unread) alerts.badge(() => unread.total);
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
        session.start();
      }
    }
    const active = session;
    alerts.badge(() => active?.unread.counts().total ?? 0);
    emit('app.state', state());
  }

  function activeSession(): AccountSession {
    if (!session) throw new UserFacingError('SIGNED_OUT', 'Sign in to an organization first.');
    return session;
  }

  const context: CoreContext = {
    accounts,
    logger,
    fetch: fetchImpl,
    state,
    emit,
    activate,
    activeSession,
    session: () => session,
    closeSession,
  };
  const handlers: IpcHandlers = { ...accountHandlers(context), ...directoryHandlers(context), ...conversationHandlers(context), ...composeHandlers(context), ...messageActionHandlers(context), ...topicHandlers(context), ...snippetHandlers(context), ...outboxHandlers(context), ...draftHandlers(context), ...fileHandlers(context), ...sendQueueHandlers(context), ...unreadHandlers(context), ...searchHandlers(context), ...sidebarHandlers(context), ...inboxHandlers(context), ...recentHandlers(context), ...notificationHandlers(context, alerts, unreadTotals), ...schedulingHandlers(context), ...adminHandlers(context), ...bulkHandlers(context) };

  // Resume where the last run stopped: the cached mirror is served at once, sync follows.
  await activate(active_account_id);

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
      await closeSession();
    },
  };
}
