// What reaches the desktop, for every account: notifications (to the OS through the Electron
// shell, or to the page, which shows them with the Web Notifications API in browser mode) unless
// do-not-disturb is on, kept across restarts; and the unread badge.
import { z } from 'zod';
import type { DesktopNotice, NotificationSettings, Viewing } from '../../shared/notifications';
import type { IpcNotice, IpcNotices } from '../../shared/ipc';
import { readJson, writeJsonAtomic } from '../files/json-file';

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

const settingsFile = z.object({ do_not_disturb: z.boolean() });

export class DesktopAlerts implements NotificationSink {
  viewing: Viewing = { conversation: null, channel: null, focused: false };
  #settings: NotificationSettings;
  readonly #file: string;
  readonly #emit: <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;
  readonly #shell: DesktopShell | undefined;

  constructor(options: { file: string; emit: <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void; shell?: DesktopShell | undefined }) {
    this.#file = options.file;
    this.#emit = options.emit;
    this.#shell = options.shell;
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

  /**
   * The badge follows the active account's unread total (the page's title follows it too); none
   * signed in, none shown. Asked for only where there is a badge to show.
   */
  badge(total: () => number): void {
    this.#shell?.setBadgeCount(total());
  }
}
