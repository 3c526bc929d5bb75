// What opens Search: Ctrl+K anywhere, or / outside a text field, with its box focused; or another
// screen asking for a search (a person's card: the messages they sent), run as Search opens.
import type { Router } from '../../account/context';

/** The search box shown, for the shortcut to focus; the Search view sets it. `requested`: a search to run as it opens. */
export const searchBox: { element: HTMLInputElement | undefined; requested: string | undefined } = { element: undefined, requested: undefined };

/** Opens Search with `text` in the box, searched. */
export function searchFor(router: Router, text: string): void {
  searchBox.requested = text;
  router.go({ view: 'search' });
}

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Installs the shortcut; returns its removal. */
export function installSearchShortcut(router: Router): () => void {
  const keys = (event: KeyboardEvent) => {
    const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target);
    if (!ctrlK && !slash) return;
    event.preventDefault();
    router.go({ view: 'search' });
    searchBox.element?.focus();
  };
  window.addEventListener('keydown', keys);
  return () => window.removeEventListener('keydown', keys);
}
