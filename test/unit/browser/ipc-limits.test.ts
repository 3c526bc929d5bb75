// One IPC limit for both shells: dispatch refuses, on every channel, an argument larger than
// browser mode's frame can carry, before its schema or handler; and whatever it accepts fits a frame.
import { describe, expect, it, vi } from 'vitest';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { newAccessToken } from '../../../main/security/access-token';
import { ipcChannels, type IpcChannel } from '../../../shared/ipc';
import { IPC_ARGUMENT_MAX_BYTES, IPC_FRAME_MAX_BYTES, ipcSize } from '../../../shared/ipc-limits';

const channels = Object.keys(ipcChannels) as IpcChannel[];

describe('the IPC argument limit', () => {
  it('refuses on every channel an argument one byte over the limit, without calling the handler', async () => {
    const handler = vi.fn();
    const handlers = Object.fromEntries(channels.map((channel) => [channel, handler])) as unknown as IpcHandlers;
    // {"csv":"xxx…"}: 10 bytes around the string.
    const oversized = { csv: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES - 9) };
    expect(ipcSize(oversized)).toBe(IPC_ARGUMENT_MAX_BYTES + 1);
    for (const channel of channels) {
      expect(await dispatch(handlers, channel, oversized), channel).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', message: expect.stringContaining('1.0 MB') } });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('counts bytes, not characters', () => {
    expect(ipcSize('é')).toBe(4);
    // Around a frame's size, where the count takes its short way or not.
    for (const text of ['x'.repeat(IPC_FRAME_MAX_BYTES - 2), 'é'.repeat(IPC_FRAME_MAX_BYTES / 2), `${'x'.repeat(IPC_FRAME_MAX_BYTES - 4)}😀`, '😀'.repeat(IPC_FRAME_MAX_BYTES / 4 + 1)]) {
      expect(ipcSize(text)).toBe(Buffer.byteLength(JSON.stringify(text)));
    }
    expect(ipcSize({ text: '\n' })).toBe(JSON.stringify({ text: '\n' }).length);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(ipcSize(cyclic)).toBe(Infinity);
  });

  it('leaves room in a frame for the largest id and the longest channel name', () => {
    const longest = channels.reduce((a, b) => (a.length >= b.length ? a : b));
    const args = { csv: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES - 10) };
    expect(ipcSize(args)).toBe(IPC_ARGUMENT_MAX_BYTES);
    expect(ipcSize({ id: Number.MAX_SAFE_INTEGER, channel: longest, args })).toBeLessThanOrEqual(IPC_FRAME_MAX_BYTES);
  });

  it('is what bulk.planImport takes: a CSV at the limit passes the schema, over it does not', () => {
    const schema = ipcChannels['bulk.planImport'].input;
    expect(schema.safeParse({ csv: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES) }).success).toBe(true);
    expect(schema.safeParse({ csv: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES + 1) }).success).toBe(false);
  });
});

describe('the access token', () => {
  it('admits the token alone, and never throws on what it is given', () => {
    const token = newAccessToken();
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.admits(token.value)).toBe(true);
    for (const given of [`é${'A'.repeat(42)}`, token.value.slice(1), `${token.value}A`, '', '\u{1F600}'.repeat(43), null, undefined, 42]) {
      expect(token.admits(given)).toBe(false);
    }
    expect(newAccessToken().admits(token.value)).toBe(false);
  });
});
