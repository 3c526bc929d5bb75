import { describe, expect, it } from 'vitest';
import { installPermissionPolicy, isPermissionAllowed } from '../../../main/electron/permissions';

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void;
type CheckHandler = (contents: unknown, permission: string, requestingOrigin: string) => boolean;

function installed() {
  let request: RequestHandler | undefined;
  let check: CheckHandler | undefined;
  installPermissionPolicy({
    setPermissionRequestHandler: (handler: unknown) => void (request = handler as RequestHandler),
    setPermissionCheckHandler: (handler: unknown) => void (check = handler as CheckHandler),
  } as never);
  const ask = (permission: string, requestingUrl: string) => {
    let granted: boolean | undefined;
    request?.(null, permission, (answer) => (granted = answer), { requestingUrl });
    return granted;
  };
  return { ask, check: (permission: string, origin: string) => check?.(null, permission, origin) };
}

describe('permission policy', () => {
  it('grants notifications and sanitized clipboard writes to the app page', () => {
    const { ask, check } = installed();
    expect(ask('notifications', 'app://bundle/index.html')).toBe(true);
    expect(ask('clipboard-sanitized-write', 'app://bundle/index.html')).toBe(true);
    expect(check('notifications', 'app://bundle')).toBe(true);
    expect(check('clipboard-sanitized-write', 'app://bundle')).toBe(true);
  });

  it.each(['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'display-capture', 'hid', 'serial', 'usb', 'unknown'])(
    'denies %s even to the app page',
    (permission) => {
      const { ask, check } = installed();
      expect(ask(permission, 'app://bundle/index.html')).toBe(false);
      expect(check(permission, 'app://bundle')).toBe(false);
    },
  );

  it('denies the allowed permissions to any other origin', () => {
    const { ask, check } = installed();
    for (const origin of ['https://evil.example', 'app://bundle.evil', 'file:///', 'null', '']) {
      expect(ask('notifications', origin), origin).toBe(false);
      expect(check('notifications', origin), origin).toBe(false);
    }
    expect(isPermissionAllowed('notifications', undefined)).toBe(false);
  });
});
