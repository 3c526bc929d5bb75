// The keys the family's users expect in a conversation, as one list: the handler reads it, and the
// help sheet (`?`) shows it. Keys typed into a field are the field's own.

export type FeedKeyAction = 'next-unread' | 'reply' | 'new-topic' | 'next' | 'previous' | 'actions' | 'react' | 'edit' | 'mark-unread' | 'help';

/** `key` as KeyboardEvent names it; `shown` where the help sheet says it otherwise (a capital is Shift and the letter). */
export const FEED_KEYS: readonly { key: string; shown?: string; action: FeedKeyAction; does: string }[] = [
  { key: 'n', action: 'next-unread', does: 'Next unread topic' },
  { key: 'r', action: 'reply', does: 'Reply (to the selected message’s topic)' },
  { key: 'c', action: 'new-topic', does: 'New topic' },
  { key: 'j', action: 'next', does: 'Next message' },
  { key: 'k', action: 'previous', does: 'Previous message' },
  { key: 'i', action: 'actions', does: 'The selected message’s actions' },
  { key: ':', action: 'react', does: 'React to the selected message' },
  { key: 'e', action: 'edit', does: 'Edit the selected message (yours)' },
  { key: 'U', shown: 'Shift+U', action: 'mark-unread', does: 'Mark as unread from the selected message' },
  { key: '?', action: 'help', does: 'This list of keys' },
];

/** Shown in the help sheet, handled elsewhere (the compose box, the window). */
export const OTHER_KEYS: readonly { key: string; shown?: string; does: string }[] = [
  { key: '↑', does: 'In an empty compose box: edit your last message' },
  { key: 'Esc', does: 'Back to the sidebar' },
];

/** The action of a key pressed outside any field, if it has one. */
export function feedKeyAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): FeedKeyAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const target = event.target;
  if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"], dialog')) return undefined;
  return FEED_KEYS.find((entry) => entry.key === event.key)?.action;
}
