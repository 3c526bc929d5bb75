import { describe, expect, it } from 'vitest';
import { BROWSER_CSP, contentSecurityPolicy, ELECTRON_CSP } from '../../../main/security/csp';

function directives(policy: string): Map<string, string> {
  return new Map(policy.split('; ').map((directive) => {
    const [name = '', ...sources] = directive.split(' ');
    return [name, sources.join(' ')] as const;
  }));
}

describe('content security policy', () => {
  it('closes everything the Electron renderer does not use', () => {
    expect(Object.fromEntries(directives(ELECTRON_CSP))).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' server-image: data: blob:",
      'font-src': "'self'",
      'connect-src': "'none'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it('lets browser mode reach its own origin (the IPC WebSocket) and nothing else differs but images', () => {
    const electron = directives(ELECTRON_CSP);
    const browser = directives(BROWSER_CSP);
    expect(browser.get('connect-src')).toBe("'self'");
    expect(browser.get('img-src')).toBe("'self' data: blob:");
    for (const name of electron.keys()) {
      if (name !== 'connect-src' && name !== 'img-src') expect(browser.get(name), name).toBe(electron.get(name));
    }
  });

  it('never allows inline code, eval or remote origins, and blob: only for images (the compose box previews)', () => {
    for (const policy of [ELECTRON_CSP, BROWSER_CSP]) {
      expect(policy).not.toMatch(/unsafe-|\*|https?:/);
      for (const [name, sources] of directives(policy)) if (name !== 'img-src') expect(sources, name).not.toMatch(/blob:/);
    }
  });

  it('is the same constant the builder produces', () => {
    expect(ELECTRON_CSP).toBe(contentSecurityPolicy('electron'));
    expect(BROWSER_CSP).toBe(contentSecurityPolicy('browser'));
  });
});
