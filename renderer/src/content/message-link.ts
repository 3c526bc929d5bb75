// A message's permanent link, as the family's clients copy it ("Copy link to message"): the
// organization's page with `#narrow/channel/<id>-<name>/topic/<topic>/with/<id>` (or
// `#narrow/dm/<ids>-<dm|group>/with/<id>`), each part in the family's hash encoding, so that the
// family's clients, and this app's own link reading (links.ts), open it at that message. Older
// servers' clients read only `stream` (before level 250) and `near` (before level 271).
import type { Message } from '../../../shared/api/records';

/** The levels that brought the `channel` operator to links, and `with` (a link that follows the message when it moves). */
const CHANNEL_OPERATOR_LEVEL = 250;
const WITH_OPERATOR_LEVEL = 271;

const HASH_REPLACEMENTS: Readonly<Record<string, string>> = { '%': '.', '(': '.28', ')': '.29', '.': '.2E' };

/** The family's hash encoding: encodeURIComponent, then `%` written as `.` (and `.`, `(`, `)` escaped). */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[%().]/g, (found) => HASH_REPLACEMENTS[found] ?? found);
}

/**
 * `server_url` is the organization's page, `me` the reader (a direct link names the others, as the
 * family's do); null where the message names neither a channel nor people.
 */
export function messageLink(
  server_url: string,
  message: Pick<Message, 'id' | 'type' | 'stream_id' | 'subject' | 'display_recipient'>,
  me: number,
  feature_level: number,
): string | null {
  const base = server_url.replace(/\/+$/, '');
  const at = `${feature_level >= WITH_OPERATOR_LEVEL ? 'with' : 'near'}/${message.id}`;
  const recipient = message.display_recipient;
  if (message.type === 'stream') {
    if (message.stream_id === undefined) return null;
    const name = typeof recipient === 'string' ? `-${encodeHashComponent(recipient.replaceAll(' ', '-'))}` : '';
    const channel = feature_level >= CHANNEL_OPERATOR_LEVEL ? 'channel' : 'stream';
    return `${base}/#narrow/${channel}/${message.stream_id}${name}/topic/${encodeHashComponent(message.subject)}/${at}`;
  }
  if (typeof recipient === 'string' || recipient.length === 0) return null;
  const others = recipient.map((user) => user.id).filter((id) => id !== me);
  const ids = (others.length > 0 ? others : [me]).sort((a, b) => a - b);
  return `${base}/#narrow/dm/${ids.join(',')}-${recipient.length > 2 ? 'group' : 'dm'}/${at}`;
}
