import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBundlePath } from '../../../main/security/bundle-path';

const root = resolve('/srv/app/out/renderer');

describe('resolveBundlePath', () => {
  it('maps paths inside the bundle to files inside it', () => {
    expect(resolveBundlePath(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(resolveBundlePath(root, '/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'));
    expect(resolveBundlePath(root, '/assets/../index.html')).toBe(join(root, 'index.html'));
    expect(resolveBundlePath(root, '/a%20file.svg')).toBe(join(root, 'a file.svg'));
  });

  it('maps the root to index.html', () => {
    expect(resolveBundlePath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveBundlePath(root, '')).toBe(join(root, 'index.html'));
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2f..%2fetc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E%2Fsecret',
    '/assets/../../secret.txt',
    '/..',
    '/..%5csecret.txt',
    '/assets\\..\\..\\secret.txt',
    '/index.html%00.png',
    '/%E0%A4%A',
  ])('refuses %s', (path) => {
    expect(resolveBundlePath(root, path)).toBeNull();
  });

  it('keeps a double-encoded traversal a harmless name inside the bundle', () => {
    const file = resolveBundlePath(root, '/%252e%252e%252fsecret.txt');
    expect(file).toBe(join(root, '%2e%2e%2fsecret.txt'));
  });

  it('refuses a sibling directory that merely shares the prefix', () => {
    expect(resolveBundlePath(root, '/..%2frenderer-evil/x.js')).toBeNull();
  });
});
