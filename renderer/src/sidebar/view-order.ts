// The views the sidebar lists, in its order (Inbox first); Alt+1…9 open the first nine shown.
// A view is shown only once it is registered in views.ts, and the Organization area only to the
// roles that may use it (members find the Users directory instead).
import type { ViewId } from '../lib/route';
import { views, type ViewEntry } from '../views';

const ORDER: readonly ViewId[] = ['inbox', 'recent', 'combined', 'mentions', 'starred', 'search', 'scheduled', 'drafts', 'outbox'];

export interface ShownView extends ViewEntry {
  id: ViewId;
}

export function shownViews(isAdministrator: boolean): ShownView[] {
  const ids: ViewId[] = [...ORDER, isAdministrator ? 'organization' : 'users'];
  return ids.flatMap((id) => {
    const entry = views[id];
    return entry ? [{ id, ...entry }] : [];
  });
}

/** The Organization area goes by the role's name for it: open under one, it is the other's too (a role changed meanwhile). */
const ORGANIZATION_AREA: ReadonlySet<ViewId> = new Set(['organization', 'users']);

/** Whether the view open is the sidebar's entry `id`. */
export function isOpenView(open: ViewId, id: ViewId): boolean {
  return open === id || (ORGANIZATION_AREA.has(open) && ORGANIZATION_AREA.has(id));
}
