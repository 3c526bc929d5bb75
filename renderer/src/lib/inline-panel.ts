// A panel opened inside a message (a person's card, an edit history): it takes the focus as it
// opens, so the keyboard is where the eyes are, and Escape puts it away (the message gives the
// focus back to what opened it).

/** A Svelte action: `use:inlinePanel={onClose}` on the panel's element (tabindex="-1"). */
export function inlinePanel(node: HTMLElement, onClose: () => void) {
  let close = onClose;
  const keydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  node.addEventListener('keydown', keydown);
  node.focus();
  return {
    update(next: () => void) {
      close = next;
    },
    destroy() {
      node.removeEventListener('keydown', keydown);
    },
  };
}
