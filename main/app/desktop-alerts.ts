// What reaches the desktop, for every account: notifications (to the OS through the Electron
// shell, or to the page, which shows them with the Web Notifications API in browser mode) unless
// do-not-disturb is on, kept across restarts; and the unread badge.
import { z } from 'zod';
import type { AccountUnread, DesktopNotice, NotificationSettings, Viewing } from '../../shared/notifications';
import type { IpcNotice, IpcNotices } from '../../shared/ipc';
import type { MirrorChanges, MirrorKind } from '../../shared/mirror-changes';
import type { Account } from '../credentials/account-registry';
import { readJson, writeJsonAtomic } from '../files/json-file';
import { storedUnreadTotal } from '../store/account-unread';
import type { MirrorDatabase } from '../store/database';
import { unreadCounts } from '../store/unread';

/** The Electron shell's part; browser mode has none (the page shows notifications itself). */
export interface DesktopShell {
  showNotification(notice: DesktopNotice, onClick: () => void): void;
  setBadgeCount(count: number): void;
}

/** What an account session needs to notify. */
export interface NotificationSink {
  deliver(notice: DesktopNotice): void;
  readonly viewing: Viewing;
}

/** What the count depends on: the unread state and the mutes applied to it. */
const BADGE_KINDS: readonly MirrorKind[] = ['unread', 'user_topics', 'subscriptions'];
const EVERYTHING: MirrorChanges = { all: true, changed: {} };

const settingsFile = z.object({ do_not_disturb: z.boolean() });

export class DesktopAlerts implements NotificationSink {
  viewing: Viewing = { conversation: null, focused: false };
  #settings: NotificationSettings;
  readonly #file: string;
  readonly #emit: <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;
  readonly #shell: DesktopShell | undefined;
  readonly #mirrorPath: (account_id: string) => string;

  constructor(options: {
    file: string;
    emit: <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;
    shell?: DesktopShell | undefined;
    mirrorPath: (account_id: string) => string;
  }) {
    this.#file = options.file;
    this.#emit = options.emit;
    this.#shell = options.shell;
    this.#mirrorPath = options.mirrorPath;
    const stored = settingsFile.safeParse(readJson(options.file));
    this.#settings = stored.success ? stored.data : { do_not_disturb: false };
  }

  get settings(): NotificationSettings {
    return this.#settings;
  }

  setDoNotDisturb(do_not_disturb: boolean): NotificationSettings {
    this.#settings = { do_not_disturb };
    writeJsonAtomic(this.#file, this.#settings);
    return this.#settings;
  }

  deliver(notice: DesktopNotice): void {
    if (this.#settings.do_not_disturb) return;
    if (this.#shell) this.#shell.showNotification(notice, () => this.#emit('notification.open', notice));
    else this.#emit('notification', notice);
  }

  /** The badge follows the active account's unread state (the page's title follows it too); none signed in, none shown. */
  mirrorChanged(db: MirrorDatabase | undefined, changes: MirrorChanges = EVERYTHING): void {
    if (!this.#shell || !(changes.all || BADGE_KINDS.some((kind) => changes.changed[kind] !== undefined))) return;
    this.#shell.setBadgeCount(db ? unreadCounts(db).total : 0);
  }

  /** Each account's total: the active one from its open mirror, the others from theirs on disk. */
  accountUnread(accounts: readonly Account[], active: { account_id: string; db: MirrorDatabase } | undefined): AccountUnread[] {
    return accounts.map(({ account_id }) => ({
      account_id,
      unread: account_id === active?.account_id ? unreadCounts(active.db).total : storedUnreadTotal(this.#mirrorPath(account_id)),
    }));
  }
}
