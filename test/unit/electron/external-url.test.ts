import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../../main/security/external-url';

describe('isSafeExternalUrl', () => {
  it.each(['https://example.com/a?b=c#d', 'http://example.com', 'HTTPS://Example.com/', 'mailto:someone@example.com', 'mailto:someone@example.com?subject=hi'])(
    'accepts %s',
    (url) => expect(isSafeExternalUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'file:///etc/passwd',
    'file://server/share',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'smb://server/share',
    'ms-settings:',
    'app://bundle/index.html',
    'server-image://0123456789abcdef/x.png',
    'https://trusted.example@evil.example/',
    'https://user:pass@example.com/',
    'https:',
    'not a url',
    '',
  ])('refuses %j', (url) => expect(isSafeExternalUrl(url)).toBe(false));

  it('refuses what is not a string, and absurdly long URLs', () => {
    expect(isSafeExternalUrl(undefined)).toBe(false);
    expect(isSafeExternalUrl({ toString: () => 'https://example.com' })).toBe(false);
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(9000)}`)).toBe(false);
  });
});
