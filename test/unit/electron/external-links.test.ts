import { describe, expect, it, vi } from 'vitest';
import { externalOpener } from '../../../main/electron/external-links';
import { captureLogger } from './fakes';

describe('externalOpener', () => {
  it('opens http, https and mailto URLs in their normalized form', () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const open = externalOpener(shell, captureLogger());
    open('HTTPS://Example.com/a b');
    open('mailto:someone@example.com');
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/a%20b'], ['mailto:someone@example.com']]);
  });

  it.each([
    ['javascript:alert(document.cookie)', 'javascript:'],
    ['file:///C:/Windows/System32/calc.exe', 'file:'],
    ['\tjavascript:alert(1)', 'javascript:'],
    ['vbscript:x', 'vbscript:'],
    ['https://a@evil.example/?token=secret', 'https:'],
    ['::not a url', 'unparsable'],
  ])('refuses %j and logs only its protocol', (url, protocol) => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const logger = captureLogger();
    externalOpener(shell, logger)(url);
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(logger.lines).toEqual([{ level: 'warn', message: expect.any(String), data: { protocol } }]);
  });

  it('logs a failure of the system handler instead of throwing', async () => {
    const logger = captureLogger();
    const shell = { openExternal: vi.fn(async () => Promise.reject(new Error('no handler'))) };
    externalOpener(shell, logger)('https://example.com/');
    await vi.waitFor(() => expect(logger.lines).toHaveLength(1));
    expect(logger.lines[0]?.level).toBe('warn');
  });
});
