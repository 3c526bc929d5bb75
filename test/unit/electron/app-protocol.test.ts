import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleHandler, registerAppProtocol } from '../../../main/electron/app-protocol';
import { ELECTRON_CSP } from '../../../main/security/csp';

let base: string;
let rendererDir: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'app-protocol-'));
  rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'blob.xyz'), 'unknown');
  writeFileSync(join(base, 'secret.txt'), 'outside the bundle');
  serve = bundleHandler(rendererDir);
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

describe('app:// protocol', () => {
  it('serves the bundle with the CSP, nosniff and the right content type', async () => {
    const response = await get('app://bundle/index.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
    expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');

    const script = await get('app://bundle/assets/index.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
  });

  it('never guesses an executable type for an unknown extension', async () => {
    const response = await get('app://bundle/assets/blob.xyz');
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
  });

  it.each(['app://bundle/..%2fsecret.txt', 'app://bundle/assets/..%2f..%2fsecret.txt', 'app://bundle/%2e%2e%2fsecret.txt'])(
    'refuses the traversal %s with a 404 and the CSP',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('outside the bundle');
      expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    },
  );

  it('refuses another host', async () => {
    expect((await get('app://evil/index.html')).status).toBe(404);
    expect((await get('app://bundle.evil/index.html')).status).toBe(404);
  });

  it('answers 404 for what is missing or a directory', async () => {
    expect((await get('app://bundle/nope.js')).status).toBe(404);
    expect((await get('app://bundle/assets')).status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('app://bundle/index.html', 'POST')).status).toBe(405);
    const head = await get('app://bundle/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('is registered for the app scheme', () => {
    const protocol = { handle: vi.fn() };
    registerAppProtocol(protocol, rendererDir);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });
});
