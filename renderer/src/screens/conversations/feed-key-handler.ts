// The keys of a feed (feed-keys.ts lists them) acted on: j and k select messages, n goes to the next
// unread topic, c starts a new topic, i, : and e open the selected message's menu, reaction picker
// and editor, U marks unread from the message, r and ? are the view's own (where a reply goes,
// the help sheet).
import type { ConversationKey } from '../../../../shared/conversation';
import type { AccountState } from '../../account/context';
import { startNewTopic } from '../compose/start';
import type { Feed } from './feed.svelte';
import { feedKeyAction } from './feed-keys';

export interface FeedKeyOptions {
  /** The conversation open here, which `n` skips; none in a channel's feed. */
  here?: ConversationKey;
  /** The channel a new topic (`c`) goes to, when there is one. */
  stream_id: () => number | undefined;
  reply: () => void;
  help: () => void;
}

export function feedKeyHandler(account: AccountState, feed: Feed, options: FeedKeyOptions): (event: KeyboardEvent) => void {
  /** The next conversation with unread messages, outside muted ones. */
  function nextUnread() {
    const next = account.unread.counts.value?.conversations.find((entry) => !entry.muted && entry.conversation !== options.here);
    if (next) account.router.go({ conversation: next.conversation });
  }

  /** From the message in focus or selected, as r picks the one it replies to. */
  function markUnread() {
    const from = feed.current();
    if (from) void feed.markUnreadFrom(from.message.id);
  }

  /** The selected message's own button (its menu, its reaction picker, its Edit), as if clicked. */
  function press(testid: 'more-actions' | 'react' | 'edit') {
    const id = feed.current()?.message.id;
    if (id === undefined) return;
    feed.element?.querySelector<HTMLButtonElement>(`[data-message-id="${id}"] [data-testid="${testid}"]`)?.click();
  }

  return (event) => {
    const action = feedKeyAction(event);
    if (action === undefined) return;
    event.preventDefault();
    if (action === 'next' || action === 'previous') feed.select(action === 'next' ? 1 : -1);
    else if (action === 'reply') options.reply();
    else if (action === 'new-topic') startNewTopic(account, options.stream_id());
    else if (action === 'next-unread') nextUnread();
    else if (action === 'mark-unread') markUnread();
    else if (action === 'actions') press('more-actions');
    else if (action === 'react') press('react');
    else if (action === 'edit') press('edit');
    else options.help();
  };
}
