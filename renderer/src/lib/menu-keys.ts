// The keys that move through a menu's items (WAI-ARIA menu pattern), shared by every menu:
// arrows wrap around, Home and End go to the ends.

/** The items of `menu` that take the focus in turn. */
export function menuItems(menu: HTMLElement | undefined): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/** Moves the focus for an arrow, Home or End; returns whether the key was one of them. */
export function moveInMenu(event: KeyboardEvent, menu: HTMLElement | undefined): boolean {
  const all = menuItems(menu);
  const at = all.findIndex((item) => item === document.activeElement);
  const to: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
  if (!(event.key in to)) return false;
  event.preventDefault();
  all[((to[event.key] ?? 0) + all.length) % all.length]?.focus();
  return true;
}
