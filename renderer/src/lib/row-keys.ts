// ↑/↓ between the rows of a list (the elements inside it matching a selector), for the list's own
// keydown handler: it answers the row the key came from, so a view can add keys of its own.

/** The row a key was pressed on, or undefined when it came from outside the list's rows. */
export function rowOf(container: HTMLElement, event: KeyboardEvent, selector: string): { row: HTMLElement; rows: HTMLElement[]; index: number } | undefined {
  const row = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
  if (!row || !container.contains(row)) return undefined;
  const rows = [...container.querySelectorAll<HTMLElement>(selector)];
  return { row, rows, index: rows.indexOf(row) };
}

/** Moves the focus to the next or previous row on ↓/↑; returns whether the key was handled. */
export function moveBetweenRows(container: HTMLElement, event: KeyboardEvent, selector: string): boolean {
  const at = rowOf(container, event, selector);
  if (!at || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return false;
  at.rows[at.index + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
  event.preventDefault();
  return true;
}
