import { describe, expect, it, vi } from 'vitest';
import { externalOpener } from '../../../main/electron/external-links';
import { guardNavigation } from '../../../main/electron/navigation-guard';
import { captureLogger, electronEvent, FakeContents } from './fakes';

function guarded() {
  const contents = new FakeContents();
  const shell = { openExternal: vi.fn(async () => undefined) };
  guardNavigation(contents as never, externalOpener(shell, captureLogger()));
  const fire = (name: string, url: string) => {
    const event = electronEvent({ url });
    contents.emit(name, event, url);
    return event.defaultPrevented;
  };
  return { contents, shell, fire };
}

describe('navigation guard', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s: stays in the app, refuses every other origin', (name) => {
    const { fire } = guarded();
    expect(fire(name, 'app://bundle/index.html')).toBe(false);
    expect(fire(name, 'app://bundle/other.html#x')).toBe(false);
    for (const url of ['https://evil.example/', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'app://bundle.evil/', 'app://evil/index.html', 'javascript:alert(1)', 'data:text/html,x', 'about:blank']) {
      expect(fire(name, url), url).toBe(true);
    }
  });

  it('prevents every <webview> from attaching', () => {
    const { contents } = guarded();
    const event = electronEvent();
    contents.emit('will-attach-webview', event, {}, { src: 'app://bundle/index.html' });
    expect(event.defaultPrevented).toBe(true);
  });

  it('denies every new window and hands http, https and mailto links to the browser', () => {
    const { contents, shell } = guarded();
    expect(contents.openHandler?.({ url: 'https://example.com/page' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'mailto:a@example.com' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/page'], ['mailto:a@example.com']]);
  });

  it('never lets javascript:, file: or app URLs reach shell.openExternal', () => {
    const { contents, shell } = guarded();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'app://bundle/index.html', 'smb://host/share', 'data:text/html,x']) {
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
  });
});
