// A poll (`/poll Question` then one option per line), folded from its events as the family's
// clients fold them: options keyed "canned,i" (from the message) or "<sender>,<idx>" (added
// later), a vote of 1 or -1 per voter and option, the question changed only by the poll's author.
import { z } from 'zod';
import type { WidgetEvent } from './submessages';

export interface PollOption {
  key: string;
  option: string;
  /** Who voted for it, in the order their votes came. */
  voters: number[];
}

export interface Poll {
  author_id: number;
  question: string;
  options: PollOption[];
}

/** The family's clients accept at most this many added options per person. */
const MAX_IDX = 1000;

const extraData = z.object({ question: z.string().default(''), options: z.array(z.string()).default([]) });
const newOption = z.object({ idx: z.number().int().min(0).max(MAX_IDX), option: z.string() });
const question = z.object({ question: z.string() });
const vote = z.object({ key: z.string(), vote: z.union([z.literal(1), z.literal(-1)]) });

function addOption(options: Map<string, PollOption>, key: string, option: string): void {
  // A /poll may list one option twice; the second is left out, as the family's clients do.
  if ([...options.values()].some((existing) => existing.option === option)) return;
  options.set(key, { key, option, voters: [] });
}

/** The poll after its events, or null where its starting data is not a poll's. */
export function pollOf(author_id: number, extra_data: unknown, events: readonly WidgetEvent[]): Poll | null {
  const start = extraData.safeParse(extra_data ?? {});
  if (!start.success) return null;
  let current = start.data.question;
  const options = new Map<string, PollOption>();
  start.data.options.forEach((option, i) => addOption(options, `canned,${i}`, option));
  for (const { sender_id, data } of events) {
    if (data.type === 'new_option') {
      const parsed = newOption.safeParse(data);
      if (parsed.success) addOption(options, `${sender_id},${parsed.data.idx}`, parsed.data.option);
    } else if (data.type === 'question') {
      const parsed = question.safeParse(data);
      if (parsed.success && sender_id === author_id) current = parsed.data.question;
    } else if (data.type === 'vote') {
      const parsed = vote.safeParse(data);
      const option = parsed.success ? options.get(parsed.data.key) : undefined;
      if (!parsed.success || option === undefined) continue;
      const others = option.voters.filter((voter) => voter !== sender_id);
      option.voters = parsed.data.vote === 1 ? [...others, sender_id] : others;
    }
  }
  return { author_id, question: current, options: [...options.values()] };
}

/** The vote a click on an option sends: a second click takes the vote back. */
export function pollVote(poll: Poll, key: string, me: number): { type: 'vote'; key: string; vote: 1 | -1 } | null {
  const option = poll.options.find((candidate) => candidate.key === key);
  if (option === undefined) return null;
  return { type: 'vote', key, vote: option.voters.includes(me) ? -1 : 1 };
}

/** The event that adds an option, numbered after the options this person added before; null where it is there already. */
export function pollNewOption(poll: Poll, option: string, me: number): { type: 'new_option'; idx: number; option: string } | null {
  if (poll.options.some((existing) => existing.option === option)) return null;
  const mine = poll.options.map((existing) => existing.key.split(',')).filter(([sender]) => sender === String(me));
  const idx = Math.max(0, ...mine.map(([, n]) => Number(n))) + 1;
  return { type: 'new_option', idx, option };
}

/** The event that changes the question; only the poll's author may send one. */
export function pollQuestion(poll: Poll, question: string, me: number): { type: 'question'; question: string } | null {
  return poll.author_id === me ? { type: 'question', question } : null;
}
