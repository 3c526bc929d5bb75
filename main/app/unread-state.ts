// The active account's unread counts, counted once per change that can move them and shared by
// everyone who shows them: the badge, the window title, the account switcher, the sidebar and the
// Inbox read this copy instead of each counting the mirror again.
import type { MirrorChanges, MirrorKind, UnreadTotals } from '../../shared/mirror-changes';
import type { UnreadCounts } from '../../shared/unread-counts';
import type { ReadOnlyMirror } from '../store/database';
import { unreadCounts } from '../store/unread';

/** What the counts depend on: the unread state and the mutes applied to it. */
const UNREAD_KINDS: readonly MirrorKind[] = ['unread', 'user_topics', 'subscriptions'];

export class UnreadState {
  readonly #db: ReadOnlyMirror;
  #counts: UnreadCounts | undefined;

  constructor(db: ReadOnlyMirror) {
    this.#db = db;
  }

  /** The counts as of the last change; counted now only the first time. */
  counts(): UnreadCounts {
    return (this.#counts ??= unreadCounts(this.#db));
  }

  /** After a change: the totals counted again when it could move them; undefined when it could not. */
  after(changes: MirrorChanges): UnreadTotals | undefined {
    if (!changes.all && !UNREAD_KINDS.some((kind) => changes.changed[kind] !== undefined)) return undefined;
    this.#counts = unreadCounts(this.#db);
    return totalsOf(this.#counts);
  }
}

export function totalsOf(counts: UnreadCounts): UnreadTotals {
  return { total: counts.total, mentions: counts.mentions };
}
