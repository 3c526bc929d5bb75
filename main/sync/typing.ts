// Typing notifications, both ways, with the periods the server announces at registration
// (spec "Set typing status", Protocol).
import type { TypingEvent } from '../../shared/api/events';
import type { SetTypingStatusParams } from '../../shared/api/operations';
import { channelTopicConversation, directConversation, type ConversationKey } from '../store/messages';

/** Cancels the timer it came from; harmless once the timer has fired. */
export type CancelTimer = () => void;

export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): CancelTimer;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};

/** Server defaults (reference semantics (c)), for a server that announces none. */
export const DEFAULT_TYPING_PERIODS = {
  server_typing_started_expiry_period_milliseconds: 45_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_wait_period_milliseconds: 30_000,
};

export type TypingPeriods = typeof DEFAULT_TYPING_PERIODS;

export interface TypingNotice {
  conversation: ConversationKey;
  /** Who is typing there now. */
  user_ids: number[];
}

export function typingConversation(event: TypingEvent): ConversationKey {
  if (event.message_type === 'stream') return channelTopicConversation(event.stream_id ?? -1, event.topic ?? '');
  return directConversation([event.sender.user_id, ...(event.recipients ?? []).map((r) => r.user_id)]);
}

/**
 * Others' typing: shown from a start event until a stop event, or until the expiry period
 * passes without a new start. A muted person's typing is not shown (shared/muted-users.ts), nor
 * the user's own: real servers send the sender its own typing events too.
 */
export class TypingTracker {
  readonly #typists = new Map<ConversationKey, Map<number, CancelTimer>>();

  constructor(
    private readonly onChange: (notice: TypingNotice) => void,
    private readonly ownUserId: number,
    private readonly periods: Pick<TypingPeriods, 'server_typing_started_expiry_period_milliseconds'> = DEFAULT_TYPING_PERIODS,
    private readonly timers: Timers = systemTimers,
    private readonly muted: (user_id: number) => boolean = () => false,
  ) {}

  handle(event: TypingEvent): void {
    const conversation = typingConversation(event);
    const user_id = event.sender.user_id;
    if (user_id === this.ownUserId || this.muted(user_id)) return;
    if (event.op === 'start') {
      this.#set(conversation, user_id, this.timers.setTimeout(() => this.#remove(conversation, user_id), this.periods.server_typing_started_expiry_period_milliseconds));
    } else {
      this.#remove(conversation, user_id);
    }
  }

  typing(conversation: ConversationKey): number[] {
    return [...(this.#typists.get(conversation)?.keys() ?? [])];
  }

  clear(): void {
    for (const typists of this.#typists.values()) for (const cancel of typists.values()) cancel();
    this.#typists.clear();
  }

  #set(conversation: ConversationKey, user_id: number, cancel: CancelTimer): void {
    let typists = this.#typists.get(conversation);
    if (!typists) this.#typists.set(conversation, (typists = new Map()));
    const previous = typists.get(user_id);
    previous?.();
    const isNew = previous === undefined;
    typists.set(user_id, cancel);
    if (isNew) this.onChange({ conversation, user_ids: this.typing(conversation) });
  }

  #remove(conversation: ConversationKey, user_id: number): void {
    const typists = this.#typists.get(conversation);
    const cancel = typists?.get(user_id);
    if (!typists || cancel === undefined) return;
    cancel();
    typists.delete(user_id);
    if (typists.size === 0) this.#typists.delete(conversation);
    this.onChange({ conversation, user_ids: this.typing(conversation) });
  }
}

export type TypingTarget = Omit<SetTypingStatusParams, 'op'>;

/**
 * The local user's typing in one composer: `start` when composing begins, `start` again every
 * started-wait period while activity continues, `stop` after the stopped-wait period without
 * activity or when composing is cancelled or sent.
 */
export class TypingNotifier {
  #lastStart: number | undefined;
  #cancelStop: CancelTimer | undefined;

  constructor(
    private readonly target: TypingTarget,
    private readonly send: (params: SetTypingStatusParams) => Promise<unknown>,
    private readonly periods: Pick<TypingPeriods, 'server_typing_stopped_wait_period_milliseconds' | 'server_typing_started_wait_period_milliseconds'> = DEFAULT_TYPING_PERIODS,
    private readonly timers: Timers = systemTimers,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Call on every edit of the draft. */
  activity(): void {
    const now = this.timers.now();
    if (this.#lastStart === undefined || now - this.#lastStart >= this.periods.server_typing_started_wait_period_milliseconds) {
      this.#lastStart = now;
      this.#send('start');
    }
    this.#cancelStop?.();
    this.#cancelStop = this.timers.setTimeout(() => this.stop(), this.periods.server_typing_stopped_wait_period_milliseconds);
  }

  /** Composing cancelled or the message sent. */
  stop(): void {
    this.#cancelStop?.();
    this.#cancelStop = undefined;
    if (this.#lastStart === undefined) return;
    this.#lastStart = undefined;
    this.#send('stop');
  }

  /** The session ends: the pending stop timer goes, and nothing more is sent. */
  dispose(): void {
    this.#cancelStop?.();
    this.#cancelStop = undefined;
    this.#lastStart = undefined;
  }

  #send(op: 'start' | 'stop'): void {
    // Typing notices are best effort: a lost one must never disturb composing.
    this.send({ ...this.target, op }).catch(this.onError);
  }
}

/** The local user's composers, one typing notifier per conversation, for one session's life. */
export class Composers {
  readonly #notifiers = new Map<string, TypingNotifier>();

  constructor(private readonly create: (target: TypingTarget) => TypingNotifier) {}

  /** The notifier of a conversation's composer; `target` says whom it reaches, asked once. */
  of(conversation: string, target: () => TypingTarget): TypingNotifier {
    let found = this.#notifiers.get(conversation);
    if (!found) this.#notifiers.set(conversation, (found = this.create(target())));
    return found;
  }

  dispose(): void {
    for (const notifier of this.#notifiers.values()) notifier.dispose();
    this.#notifiers.clear();
  }
}
