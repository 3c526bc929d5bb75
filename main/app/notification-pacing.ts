// How many notifications reach the desktop: a few at once, and what comes beyond that within a
// window waits and is then summed up in one ("485 new mentions in #general"). A flood (the audit's
// 500 mentions in 1.2 s made 500 notifications) becomes four, and nothing is silently dropped:
// every message is shown or counted.
import type { DesktopNotice } from '../../shared/notifications';

/** Notifications shown at most within WINDOW_MS; the summary of what waited is one of them. */
export const NOTICES_PER_WINDOW = 3;
export const WINDOW_MS = 10_000;
/** Places a summary names; the rest are counted. */
const PLACES_NAMED = 3;

/** One notification the account would show, with what a summary counts of it. */
export interface PacedNotice {
  notice: DesktopNotice;
  /** The messages it is about. */
  messages: number;
  /** Why it notifies: a summary says "mentions" or "direct messages" when all share it. */
  kind: 'mention' | 'alert' | 'direct' | 'followed' | 'channel';
  /** Where, as a summary names it: "in #general", "from Chidi". */
  place: string;
}

const NOUNS = { mention: 'mentions', alert: 'messages with your alert words', direct: 'direct messages', followed: 'messages', channel: 'messages' } as const;

export class NotificationPacing {
  readonly #deliver: (notice: DesktopNotice) => void;
  /** When each of the latest notifications was shown. */
  #shownAt: number[] = [];
  #waiting: PacedNotice[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(deliver: (notice: DesktopNotice) => void) {
    this.#deliver = deliver;
  }

  offer(item: PacedNotice): void {
    const now = Date.now();
    this.#shownAt = this.#shownAt.filter((at) => now - at < WINDOW_MS);
    if (this.#waiting.length === 0 && this.#shownAt.length < NOTICES_PER_WINDOW) {
      this.#show(item.notice, now);
      return;
    }
    this.#waiting.push(item);
    this.#timer ??= setTimeout(() => this.#flush(), this.#shownAt[0]! + WINDOW_MS - now);
  }

  /** The account's session is over: what waits is not shown. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waiting = [];
  }

  #flush(): void {
    this.#timer = undefined;
    const waiting = this.#waiting;
    this.#waiting = [];
    const [first] = waiting;
    if (first) this.#show(waiting.length === 1 ? first.notice : summary(first, waiting), Date.now());
  }

  #show(notice: DesktopNotice, now: number): void {
    this.#shownAt.push(now);
    this.#deliver(notice);
  }
}

/** One notice for all that waited (`first` among them): the count per place, busiest first. */
function summary(first: PacedNotice, waiting: readonly PacedNotice[]): DesktopNotice {
  const places = new Map<string, { place: string; messages: number; first: DesktopNotice }>();
  for (const item of waiting) {
    const entry = places.get(item.place) ?? { place: item.place, messages: 0, first: item.notice };
    entry.messages += item.messages;
    places.set(item.place, entry);
  }
  const busiest = [...places.values()].sort((a, b) => b.messages - a.messages);
  const top = busiest[0] ?? { place: first.place, messages: first.messages, first: first.notice };
  const total = busiest.reduce((sum, entry) => sum + entry.messages, 0);
  const noun = waiting.every((item) => item.kind === first.kind) ? NOUNS[first.kind] : 'messages';
  // A click opens where most of it happened, at its first message.
  const { account_id, conversation, anchor } = top.first;
  if (busiest.length === 1) return { account_id, conversation, anchor, title: `${total} new ${noun} ${top.place}`, body: top.first.body };
  const named = busiest.slice(0, PLACES_NAMED).map((entry) => `${entry.place} (${entry.messages})`);
  const more = busiest.length - PLACES_NAMED;
  return {
    account_id,
    conversation,
    anchor,
    title: `${total} new ${noun} in ${busiest.length} conversations`,
    body: more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', '),
  };
}
