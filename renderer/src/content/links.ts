// Where a link of a message goes. Every URL is read against the organization's own address, never
// the app's: a relative link (`#narrow/...`, `/user_uploads/...`) means the organization's page,
// and a link resolved against the app's page would carry browser mode's token into a new tab.
import type { LinkTarget, Narrow } from './nodes';

/** Stands for the organization when its address is not known: nothing is ever opened on it. */
const NOWHERE = new URL('https://organization.invalid/');
const OPENED_OUTSIDE = new Set(['http:', 'https:', 'mailto:']);

/** `href` read as the organization's page would read it; null when it names no page to open. */
function resolve(href: string | null, base: URL): URL | null {
  if (href === null || href.trim() === '') return null;
  const url = URL.parse(href, base);
  if (!url || !OPENED_OUTSIDE.has(url.protocol) || url.username !== '' || url.password !== '') return null;
  // "/\host" (and "/<tab>\host") reads as a path of the organization, yet leads elsewhere.
  if (/^\s*[/\\]/.test(href) && url.origin !== base.origin) return null;
  return url;
}

/** The path of an image on the organization's server (shown through main); null for one elsewhere. */
export function organizationPath(src: string | null, realm: URL | null): string | null {
  const url = realm && resolve(src, realm);
  return url && url.origin === realm.origin && url.protocol !== 'mailto:' ? `${url.pathname}${url.search}` : null;
}

/** The target of `href` in a message of the organization at `realm`. */
export function linkTarget(href: string | null, realm: URL | null): LinkTarget {
  const base = realm ?? NOWHERE;
  const url = resolve(href, base);
  if (!url) return { kind: 'none' };
  if (url.origin === base.origin) {
    if (!realm) return { kind: 'none' };
    const narrow = url.pathname === realm.pathname && url.hash.startsWith('#narrow/') ? parseNarrow(url.hash.slice('#narrow/'.length)) : undefined;
    if (narrow) return { kind: 'narrow', url: url.href, narrow };
    if (url.pathname.startsWith('/user_uploads/')) return { kind: 'upload', url: url.href, path: `${url.pathname}${url.search}` };
  }
  return { kind: 'external', url: url.href };
}

/** The family's hash encoding: encodeURIComponent with `%` written as `.`. */
function decodeOperand(operand: string): string | undefined {
  try {
    return decodeURIComponent(operand.replace(/\.([0-9A-Fa-f]{2})/g, '%$1'));
  } catch {
    return undefined;
  }
}

/** A channel operand: `3-Verona` (id, then the name as it was) or a bare id. */
function channelId(operand: string): number | undefined {
  const id = /^(\d+)(?:-|$)/.exec(operand)?.[1];
  return id === undefined ? undefined : Number(id);
}

function messageId(operand: string): number | undefined {
  return /^\d+$/.test(operand) ? Number(operand) : undefined;
}

/** A direct conversation operand: `10,11-group` or `10-hamlet`. */
function userIds(operand: string): number[] | undefined {
  const ids = /^(\d+(?:,\d+)*)(?:-|$)/.exec(operand)?.[1];
  return ids?.split(',').map(Number);
}

const VIEWS: Readonly<Record<string, Extract<Narrow, { kind: 'view' }>['view']>> = { starred: 'starred', mentioned: 'mentions' };

/** The narrow of `#narrow/<operator>/<operand>/...`; undefined when it is not one. */
export function parseNarrow(path: string): Narrow | undefined {
  const parts = path.split('/');
  if (parts.length < 2) return undefined;
  let stream_id: number | undefined;
  let topic: string | undefined;
  let dm: number[] | undefined;
  let near: number | undefined;
  let other = false;
  let view: Extract<Narrow, { kind: 'view' }>['view'] | undefined;
  for (let at = 0; at + 1 < parts.length; at += 2) {
    const operator = (parts[at] ?? '').replace(/^-/, '');
    const operand = decodeOperand(parts[at + 1] ?? '');
    if (operand === undefined) return undefined;
    const negated = (parts[at] ?? '').startsWith('-');
    if (negated) other = true;
    else if (operator === 'channel' || operator === 'stream') stream_id = channelId(operand);
    else if (operator === 'topic' || operator === 'subject') topic = operand;
    else if (operator === 'dm' || operator === 'pm-with') dm = userIds(operand);
    else if (operator === 'near' || operator === 'with' || operator === 'id') near = messageId(operand);
    else if (operator === 'is' && VIEWS[operand] !== undefined) view = VIEWS[operand];
    else if (operator === 'in' && operand === 'home') view = 'combined';
    else if (operator === 'search') view = 'search';
    else other = true;
  }
  const at = near === undefined ? {} : { near };
  if (other) return { kind: 'other' };
  if (stream_id !== undefined && dm === undefined && view === undefined) return { kind: 'channel', stream_id, ...(topic !== undefined && { topic }), ...at };
  if (dm !== undefined && stream_id === undefined && topic === undefined && view === undefined) return { kind: 'dm', user_ids: dm, ...at };
  if (view !== undefined && stream_id === undefined && dm === undefined && topic === undefined) return { kind: 'view', view };
  return { kind: 'other' };
}
