import { checkEvent, type KnownEvent, type ServiceEvent } from '../../shared/api/events';
import type { MirrorChanges } from '../../shared/mirror-changes';
import { channelEvents } from '../store/channels';
import type { MirrorDatabase } from '../store/database';
import { draftEvents } from '../store/drafts';
import { advanceEventQueue, loadEventQueue } from '../store/event-queue';
import { EventTable } from '../store/event-handlers';
import { messageEvents } from '../store/messages';
import { personalEvents } from '../store/personal';
import { presenceEvents } from '../store/presence';
import { realmEvents } from '../store/realm';
import { topicHistoryEvents } from '../store/topic-history';
import { unreadEvents } from '../store/unread-events';
import { userEvents } from '../store/users';
import { userGroupEvents } from '../store/user-groups';
import { customEmojiEvents } from '../store/custom-emoji';
import { ChangeCollector } from '../store/changes';

/**
 * Each event type to the handlers of the store modules it concerns: the unread state after the
 * messages it reads. Typing and heartbeats change nothing in the mirror and have none.
 */
export const MIRROR_EVENTS = new EventTable([userEvents, presenceEvents, channelEvents, personalEvents, draftEvents, messageEvents, topicHistoryEvents, unreadEvents, realmEvents, userGroupEvents, customEmojiEvents]);

export interface ApplyContext {
  /** Events that do not change the mirror but matter live (typing). */
  onTransient?: (event: KnownEvent) => void;
  /** An event type or op the app does not know: logged and skipped, never fatal. */
  onUnknown?: (event: ServiceEvent) => void;
  /** A known event not in the form the app applies: skipped; the caller reconciles what it touched. */
  onInvalid?: (event: unknown, problem: string) => void;
  /** The events applied, once their transaction committed (notifications are decided from them). */
  onApplied?: (events: readonly KnownEvent[]) => void;
}

/**
 * Applies one batch of events in order, in one transaction together with the acknowledged
 * last_event_id: after a crash the batch is either wholly applied and acknowledged, or not
 * at all. Events at or below the acknowledged id were applied already (a server replaying
 * them) and are dropped. Throws if a well-formed event still cannot be applied; the caller
 * then reconciles from a fresh registration rather than skipping it.
 */
export function applyEvents(db: MirrorDatabase, events: readonly unknown[], context: ApplyContext = {}): MirrorChanges {
  const changes = new ChangeCollector();
  const transient: KnownEvent[] = [];
  const applied: KnownEvent[] = [];
  db.transaction(() => {
    let acknowledged = loadEventQueue(db)?.last_event_id ?? -Infinity;
    for (const raw of events) {
      const checked = checkEvent(raw);
      if (checked.kind === 'invalid') {
        context.onInvalid?.(raw, checked.problem);
        acknowledged = Math.max(acknowledged, eventId(raw));
        continue;
      }
      if (checked.event.id <= acknowledged) continue;
      acknowledged = checked.event.id;
      if (checked.kind === 'unknown') context.onUnknown?.(checked.event);
      else if (checked.event.type === 'typing') transient.push(checked.event);
      else {
        applyEvent(db, checked.event, changes);
        applied.push(checked.event);
      }
    }
    if (acknowledged > -Infinity) advanceEventQueue(db, acknowledged);
  })();
  for (const event of transient) context.onTransient?.(event);
  if (applied.length > 0) context.onApplied?.(applied);
  return changes.notice();
}

/** The highest event id of a batch, at least `floor`; ids that are not numbers count for nothing. */
export function highestEventId(events: readonly unknown[], floor: number): number {
  return events.reduce<number>((highest, event) => Math.max(highest, eventId(event)), floor);
}

function eventId(event: unknown): number {
  const id = (event as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : -Infinity;
}

function applyEvent(db: MirrorDatabase, event: KnownEvent, changes: ChangeCollector): void {
  if (event.type === 'typing' || event.type === 'heartbeat') return;
  MIRROR_EVENTS.apply(db, event.type, event, changes);
}
