// Moving focus between the window's regions: the sidebar, the main pane and the compose box
// (an element marked data-region="compose", when the main pane has one).
import { tick } from 'svelte';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focus inside a view: its heading (made focusable for this) or its first control. */
export function focusInside(pane: HTMLElement): void {
  const heading = pane.querySelector<HTMLElement>('h1, h2');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return;
  }
  pane.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

/**
 * A pane opened from the sidebar (Enter, a click) or with nothing focused takes the focus, on its
 * heading, once it shows: not left on <body>. Never taken from anywhere else (a search field, a
 * notification's view, the composer).
 */
export function focusOpenedPane(find: () => HTMLElement | null): void {
  const from = document.activeElement;
  if (from !== null && from !== document.body && from.closest('[data-region="sidebar"]') === null) return;
  void tick().then(() => {
    const pane = find();
    if (pane) focusInside(pane);
  });
}

export function focusCompose(region: HTMLElement): void {
  const field = region.matches(FOCUSABLE) ? region : (region.querySelector<HTMLElement>('textarea') ?? region.querySelector<HTMLElement>(FOCUSABLE));
  field?.focus();
}

export interface Regions {
  sidebar: HTMLElement;
  main: HTMLElement;
  focusSidebar: () => void;
}

/** F6 (forward) and Shift+F6 (back) through sidebar → main pane → compose, skipping compose when absent. */
export function cycleRegions(regions: Regions, backwards: boolean): void {
  const compose = regions.main.querySelector<HTMLElement>('[data-region="compose"]');
  const order: { contains: (el: Element) => boolean; focus: () => void }[] = [
    { contains: (el) => regions.sidebar.contains(el), focus: regions.focusSidebar },
    { contains: (el) => regions.main.contains(el) && !compose?.contains(el), focus: () => focusInside(regions.main) },
  ];
  if (compose) order.push({ contains: (el) => compose.contains(el), focus: () => focusCompose(compose) });
  const active = document.activeElement;
  const at = active ? order.findIndex((region) => region.contains(active)) : -1;
  const step = backwards ? order.length - 1 : 1;
  const next = at === -1 ? (backwards ? order.length - 1 : 0) : (at + step) % order.length;
  order[next]!.focus();
}
