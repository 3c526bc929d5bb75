// Following a link of a message. Links to this organization open in the app (a topic, a message,
// a direct conversation, a view); files uploaded to it open through openUpload; other pages open
// in the system browser through the window's one way out (Electron hands new windows to main's
// checked openExternal; in browser mode the browser opens its own tab). Never a URL of the app's
// own page: in browser mode that page's URL carries its access token.
import { channelTopicConversation, directConversation } from '../../../shared/conversation';
import type { AccountState } from '../account/context';
import { call } from '../lib/ipc';
import { saveFile, uploadName } from '../files';
import type { LinkTarget, Narrow } from './nodes';

/** Opens `url` outside the app, unless it is the app's own page (or not a web or mail address). */
export function openOutside(url: string): void {
  const parsed = URL.parse(url);
  if (!parsed || !['http:', 'https:', 'mailto:'].includes(parsed.protocol) || parsed.origin === location.origin) return;
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
}

/**
 * An uploaded file: saved through main, with the account's key (never opened, never run, never
 * handed to the system browser), under the name the server gave it.
 */
export function openUpload(target: Extract<LinkTarget, { kind: 'upload' }>): void {
  void saveFile(target.path, uploadName(target.path)).catch(() => undefined);
}

/**
 * Opens a conversation at a message a link names. The message is followed where it is now: a
 * topic moved or resolved (renamed "✔ …") since the link was made keeps its messages under
 * another name, and the link's own conversation would open empty.
 */
function openAtMessage(conversation: string, message_id: number, account: AccountState): void {
  const go = (found: string) => account.router.go({ conversation: found, anchor: message_id });
  call('messages.locate', { message_id }).then(
    (located) => go(located?.conversation ?? conversation),
    () => go(conversation),
  );
}

/** Opens a narrow of this organization in the app, at the nearest place the app has for it. */
export function openNarrow(narrow: Narrow, url: string, account: AccountState): void {
  const { router, me } = account;
  switch (narrow.kind) {
    case 'channel': {
      if (narrow.topic === undefined) return router.go({ channel: narrow.stream_id, ...(narrow.near !== undefined && { anchor: narrow.near }) });
      const conversation = channelTopicConversation(narrow.stream_id, narrow.topic);
      return narrow.near === undefined ? router.go({ conversation }) : openAtMessage(conversation, narrow.near, account);
    }
    case 'dm': {
      const self = me.current?.user_id;
      // A direct message never moves: no need to ask where it is.
      return router.go({ conversation: directConversation(self === undefined ? narrow.user_ids : [...narrow.user_ids, self]), ...(narrow.near !== undefined && { anchor: narrow.near }) });
    }
    case 'view':
      return router.go({ view: narrow.view });
    case 'other':
      return openOutside(url);
  }
}

/** Follows `target` (a click on a link of a message); a narrow needs the account whose it is. */
export function follow(target: LinkTarget, account: AccountState | undefined): void {
  if (target.kind === 'external') openOutside(target.url);
  else if (target.kind === 'upload') openUpload(target);
  else if (target.kind === 'narrow' && account) openNarrow(target.narrow, target.url, account);
}
