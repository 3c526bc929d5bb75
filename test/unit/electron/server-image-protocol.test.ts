import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../main/api/logger';
import type { ServedFile } from '../../../main/app/core';
import { registerServerImageProtocol, serverImageHandler } from '../../../main/electron/server-image-protocol';

function captureLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug: () => undefined, info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
}

const png: ServedFile = { status: 200, headers: { 'Content-Type': 'image/png' }, body: new Uint8Array([137, 80, 78, 71]) };

describe('server-image:// protocol', () => {
  it('asks the core for the account and server path, and answers with its image', async () => {
    const serverImage = vi.fn(async () => png);
    const handler = serverImageHandler({ serverImage }, captureLogger());
    const response = await handler(new Request('server-image://0123456789abcdef/user_avatars/2/abc.png?version=3'));
    expect(serverImage).toHaveBeenCalledWith('0123456789abcdef', '/user_avatars/2/abc.png?version=3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png.body);
  });

  it('streams an image the core streams (a full-size one), with the same headers', async () => {
    const parts = [new Uint8Array([137, 80]), new Uint8Array([78, 71])];
    const body = new ReadableStream<Uint8Array>({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) });
    const handler = serverImageHandler({ serverImage: async () => ({ status: 200, headers: { 'Content-Type': 'image/png' }, body }) }, captureLogger());
    const response = await handler(new Request('server-image://0123456789abcdef/user_uploads/2/ab/x/photo.png'));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('passes the core status through (the core decides what a missing image is)', async () => {
    const handler = serverImageHandler({ serverImage: async () => ({ status: 404, headers: {}, body: new Uint8Array() }) }, captureLogger());
    expect((await handler(new Request('server-image://0123456789abcdef/x.png'))).status).toBe(404);
  });

  it('answers 502 and logs when the core fails', async () => {
    const logger = captureLogger();
    const handler = serverImageHandler({ serverImage: async () => Promise.reject(new Error('offline')) }, logger);
    expect((await handler(new Request('server-image://0123456789abcdef/x.png'))).status).toBe(502);
    expect(logger.warnings).toHaveLength(1);
  });

  it('answers only GET', async () => {
    const serverImage = vi.fn(async () => png);
    const handler = serverImageHandler({ serverImage }, captureLogger());
    expect((await handler(new Request('server-image://0123456789abcdef/x.png', { method: 'POST', body: 'x' }))).status).toBe(405);
    expect(serverImage).not.toHaveBeenCalled();
  });

  it('is registered for the server-image scheme', () => {
    const protocol = { handle: vi.fn() };
    registerServerImageProtocol(protocol, { serverImage: async () => png }, captureLogger());
    expect(protocol.handle).toHaveBeenCalledWith('server-image', expect.any(Function));
  });
});
