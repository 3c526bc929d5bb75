// The OS side of notifications and the unread badge: Electron's Notification (clicking one brings
// the window forward), app.setBadgeCount (macOS dock, Linux launchers that show it) and, on
// Windows, where the taskbar has no count, an overlay dot on the window's icon.
import { app, BrowserWindow, nativeImage, Notification, type NativeImage } from 'electron';
import type { DesktopShell } from '../app/desktop-alerts';
import { escapeNotificationMarkup } from '../app/notification-text';

/** Shown notifications are kept until closed: one collected early never fires its click. */
const shown = new Set<Notification>();

export function electronDesktop(platform: NodeJS.Platform = process.platform): DesktopShell {
  let overlay: NativeImage | undefined;
  return {
    showNotification(notice, onClick) {
      if (!Notification.isSupported()) return;
      // Linux notification servers read the body as markup; the title is plain text everywhere.
      const body = platform === 'linux' ? escapeNotificationMarkup(notice.body) : notice.body;
      const notification = new Notification({ title: notice.title, body });
      shown.add(notification);
      notification.on('click', () => {
        const window = BrowserWindow.getAllWindows()[0];
        if (window) {
          if (window.isMinimized()) window.restore();
          window.focus();
        }
        onClick();
      });
      notification.on('close', () => shown.delete(notification));
      notification.show();
    },
    setBadgeCount(count) {
      app.setBadgeCount(count);
      if (platform !== 'win32') return;
      overlay ??= unreadDot();
      for (const window of BrowserWindow.getAllWindows()) window.setOverlayIcon(count > 0 ? overlay : null, count > 0 ? `${count} unread` : '');
    },
  };
}

/** A 16×16 red dot (BGRA). */
function unreadDot(): NativeImage {
  const size = 16;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if ((x - 7.5) ** 2 + (y - 7.5) ** 2 > 56) continue;
      pixels.set([0x30, 0x30, 0xd0, 0xff], (y * size + x) * 4);
    }
  }
  return nativeImage.createFromBitmap(pixels, { width: size, height: size });
}
