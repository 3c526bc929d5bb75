import { describe, expect, it } from 'vitest';
import { isTrustedSender, type AppWindow } from '../../../main/electron/ipc-sender';

interface Frame {
  parent?: Frame;
  url: string;
  processId: number;
  frameTreeNodeId: number;
}

const topFrame = (url = 'app://bundle/index.html', id = 1): Frame => ({ url, processId: 10, frameTreeNodeId: id });
const windowWith = (mainFrame: Frame, destroyed = false): AppWindow => ({ isDestroyed: () => destroyed, webContents: { mainFrame: mainFrame as never } });

describe('isTrustedSender', () => {
  it('trusts the top frame of one of our windows showing the app', () => {
    const frame = topFrame();
    expect(isTrustedSender(frame as never, [windowWith(topFrame('app://bundle/index.html', 9)), windowWith(frame)])).toBe(true);
  });

  it('refuses a subframe of our window, even on the app origin and in the same process', () => {
    const main = topFrame();
    const child: Frame = { parent: main, url: 'app://bundle/index.html', processId: 10, frameTreeNodeId: 2 };
    expect(isTrustedSender(child as never, [windowWith(main)])).toBe(false);
  });

  it('refuses our top frame once it shows another origin', () => {
    const frame = topFrame('https://evil.example/');
    expect(isTrustedSender(frame as never, [windowWith(frame)])).toBe(false);
  });

  it('refuses a frame that is not the main frame of any window', () => {
    expect(isTrustedSender(topFrame('app://bundle/index.html', 5) as never, [windowWith(topFrame('app://bundle/index.html', 1))])).toBe(false);
    expect(isTrustedSender(topFrame() as never, [])).toBe(false);
  });

  it('refuses a frame already gone, and a destroyed window', () => {
    const frame = topFrame();
    expect(isTrustedSender(null, [windowWith(frame)])).toBe(false);
    expect(isTrustedSender(frame as never, [windowWith(frame, true)])).toBe(false);
  });
});
