// What the Electron shell hands the OS for a notification: on Linux, whose notification servers
// read the body as markup, the body escaped, so a message's text shows as written and no tag in it
// becomes a link, an image or formatting; elsewhere as it is.
import { describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(() => [] as { title: string; body: string }[]);
vi.mock('electron', () => ({
  app: { setBadgeCount: vi.fn() },
  BrowserWindow: { getAllWindows: () => [] },
  nativeImage: { createFromBitmap: vi.fn() },
  Notification: class {
    static isSupported = () => true;
    constructor(options: { title: string; body: string }) {
      created.push(options);
    }
    on() {}
    show() {}
  },
}));

const { electronDesktop } = await import('../../../main/electron/desktop-shell');

const notice = { account_id: 'a', conversation: 'direct:1,2', anchor: 1, title: 'Eve <b>admin</b>', body: '<a href="https://evil.example">invoice</a> & <img src="https://evil.example/t.png">' };

describe('the OS notification', () => {
  it('escapes the body on Linux, where it is markup', () => {
    created.length = 0;
    electronDesktop('linux').showNotification(notice, () => undefined);
    expect(created).toEqual([
      { title: 'Eve <b>admin</b>', body: '&lt;a href=&quot;https://evil.example&quot;&gt;invoice&lt;/a&gt; &amp; &lt;img src=&quot;https://evil.example/t.png&quot;&gt;' },
    ]);
  });

  it('passes the text as it is where the OS shows plain text', () => {
    created.length = 0;
    electronDesktop('darwin').showNotification(notice, () => undefined);
    electronDesktop('win32').showNotification(notice, () => undefined);
    expect(created.map((options) => options.body)).toEqual([notice.body, notice.body]);
  });
});
