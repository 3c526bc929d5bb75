// The client a request comes from, as the family's servers name it: the User-Agent's first word
// (`ZulipElectron/5.11` is "ZulipElectron"), "Unspecified" without one.
export function clientName(userAgent: string | undefined): string {
  const name = /^[^/\s]+/.exec(userAgent?.trim() ?? '')?.[0];
  return name ?? 'Unspecified';
}

/** The family's own apps: a message sent from one is read for its sender unless the request says otherwise. */
const FAMILY_APPS = new Set(['zulipandroid', 'zulipios', 'zulipdesktop', 'zulipmobile', 'zulipelectron', 'zulipterminal', 'snipe', 'website', 'ios', 'android']);

export function readBySenderByDefault(client: string): boolean {
  return FAMILY_APPS.has(client.toLowerCase());
}
