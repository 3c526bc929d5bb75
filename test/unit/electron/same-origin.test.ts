import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '../../../main/security/same-origin';
import { APP_ORIGIN, isAppUrl } from '../../../main/electron/app-url';

describe('isSameOrigin', () => {
  it.each(['app://bundle/index.html', 'app://bundle/', 'app://bundle', 'app://bundle/assets/x.js?v=1#top'])('accepts %s as the app', (url) => {
    expect(isSameOrigin(url, APP_ORIGIN)).toBe(true);
    expect(isAppUrl(url)).toBe(true);
  });

  it.each([
    'app://bundle.evil/index.html',
    'app://bundle@evil/index.html',
    'app://user@bundle/index.html',
    'app://bundle:8080/index.html',
    'app://evil/index.html',
    'app:bundle/index.html',
    'apps://bundle/index.html',
    'https://bundle/index.html',
    'file:///work/out/renderer/index.html',
    'about:blank',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => expect(isAppUrl(url)).toBe(false));

  it('compares http origins by protocol, host and port', () => {
    expect(isSameOrigin('http://127.0.0.1:4000/x', 'http://127.0.0.1:4000')).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:4001/x', 'http://127.0.0.1:4000')).toBe(false);
    expect(isSameOrigin('https://127.0.0.1:4000/x', 'http://127.0.0.1:4000')).toBe(false);
  });
});
