// How a feed's window takes what main answers: the messages an update names (changed, removed, new)
// merged by id, a newer page added after the window, a flag set or cleared at once. Pure: the
// window in, the next window out.
import type { MessageView } from '../../../../shared/ipc';

/** The window after an update: removed ones out, changed ones replaced, new ones in id order; and how many were new. */
export function mergeUpdate(shown: readonly MessageView[], answered: readonly MessageView[], removed: readonly number[]): { messages: MessageView[]; added: number } {
  const fresh = new Map(answered.map((view) => [view.message.id, view]));
  const gone = new Set(removed);
  const kept = shown.filter((view) => !gone.has(view.message.id)).map((view) => fresh.get(view.message.id) ?? view);
  const known = new Set(kept.map((view) => view.message.id));
  const added = answered.filter((view) => !known.has(view.message.id));
  return { messages: added.length > 0 ? [...kept, ...added].sort((a, b) => a.message.id - b.message.id) : kept, added: added.length };
}

/** Only the answered messages the window already holds (a window short of the newest takes new ones by scrolling). */
export function alreadyShown(shown: readonly MessageView[], answered: readonly MessageView[]): MessageView[] {
  const ids = new Set(shown.map((view) => view.message.id));
  return answered.filter((view) => ids.has(view.message.id));
}

/** Those of `ids` the window shows. */
export function shownOf(shown: readonly MessageView[], ids: readonly number[]): number[] {
  const held = new Set(shown.map((view) => view.message.id));
  return ids.filter((id) => held.has(id));
}

/** A newer page after the window, without the ones it holds already. */
export function appendNewer(shown: readonly MessageView[], page: readonly MessageView[]): MessageView[] {
  const known = new Set(shown.map((view) => view.message.id));
  return [...shown, ...page.filter((view) => !known.has(view.message.id))];
}

/** The window with `flag` set (or cleared) on the messages `ids`. */
export function withFlag(shown: readonly MessageView[], ids: readonly number[], flag: string, present: boolean): MessageView[] {
  const wanted = new Set(ids);
  return shown.map((view) =>
    wanted.has(view.message.id) ? { ...view, flags: present ? [...new Set([...view.flags, flag])] : view.flags.filter((f) => f !== flag) } : view,
  );
}
