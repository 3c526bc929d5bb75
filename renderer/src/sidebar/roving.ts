// Arrow keys through the rows of one of the sidebar's groups (a roving tabindex: one row of each
// group, marked `data-group`, is in the Tab order, the arrows move it inside the group). Rows are
// the elements marked `data-row`, in document order; a channel row (aria-expanded) opens with →
// and closes with ←, and ← on a topic (aria-level 2) goes back to its channel. A row in no group
// is a Tab stop of its own: the arrows leave it alone.

const ROW = '[data-row]';

export function rows(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(ROW)];
}

/** Handles a key on a row; returns whether it was the sidebar's to handle. */
export function moveByKey(container: HTMLElement, event: KeyboardEvent, expand: (row: HTMLElement, open: boolean) => void): boolean {
  const row = event.target instanceof Element ? event.target.closest<HTMLElement>(ROW) : null;
  const group = row?.closest<HTMLElement>('[data-group]');
  if (!row || !group || !container.contains(group)) return false;
  const all = rows(group);
  const index = all.indexOf(row);
  const go = (next: HTMLElement | undefined) => next?.focus();
  switch (event.key) {
    case 'ArrowDown':
      go(all[index + 1]);
      return true;
    case 'ArrowUp':
      go(all[index - 1]);
      return true;
    case 'Home':
      go(all[0]);
      return true;
    case 'End':
      go(all.at(-1));
      return true;
    case 'ArrowRight':
      if (row.getAttribute('aria-expanded') === 'false') expand(row, true);
      else if (row.getAttribute('aria-expanded') === 'true') go(all[index + 1]);
      return row.hasAttribute('aria-expanded');
    case 'ArrowLeft': {
      if (row.getAttribute('aria-expanded') === 'true') {
        expand(row, false);
        return true;
      }
      // A topic's channel is the nearest row above it one level up.
      if (row.getAttribute('aria-level') !== '2') return false;
      go(all.slice(0, index).findLast((above) => above.getAttribute('aria-level') === '1'));
      return true;
    }
    case 'Enter':
      // Buttons open themselves; tree items and options are opened by their click.
      if (row.tagName === 'BUTTON') return false;
      row.click();
      return true;
    default:
      return false;
  }
}
