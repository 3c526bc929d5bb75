// What the text before the caret asks the compose box to complete: `@` a person (or a wildcard
// mention), `#` a channel, `#**channel>` one of its topics, `:` an emoji, `/` at the very start
// a command the family's servers act on (`/poll`, `/todo`, `/me`); and the markup each pick
// writes, in the spec's message syntax (`@**Full Name**`, `#**channel>topic**`, `:name:`).

export type Trigger =
  | { kind: 'person'; start: number; query: string }
  | { kind: 'channel'; start: number; query: string }
  | { kind: 'topic'; start: number; query: string; channel: string }
  | { kind: 'emoji'; start: number; query: string }
  | { kind: 'command'; start: number; query: string };

/** One entry of the list under the caret: what it shows and the text that replaces the trigger. */
export interface Suggestion {
  id: string;
  label: string;
  detail?: string;
  /** A unicode emoji's glyph, shown before the label. */
  glyph?: string;
  /** A custom emoji's image, where the window loads it from, shown before the label. */
  image?: string;
  insert: string;
}

// A trigger starts a word: at the start, or after a space or an opening bracket.
const PERSON = /(^|[\s(])@(?:\*\*)?([^@*\n]{0,40})$/;
const TOPIC = /(^|[\s(])#\*\*([^*>\n]+?)(?:\*\*)?>([^*\n]{0,60})$/;
const CHANNEL = /(^|[\s(])#(?:\*\*)?([^#*>\n]{0,60})$/;
const EMOJI = /(^|[\s(]):([a-z0-9_+-]{2,30})$/i;
// Only as the message's first word: the server reads a command nowhere else.
const COMMAND = /^\/([a-z]{0,10})$/;

/** What the family's servers (and clients) make of a message that starts with the command. */
export const COMMANDS: readonly { name: string; does: string }[] = [
  { name: 'poll', does: 'A poll: the question, then one option per line' },
  { name: 'todo', does: 'A todo list: its title, then one "task: description" per line' },
  { name: 'me', does: 'Says what you do, after your name' },
];

export function triggerAt(text: string, caret: number): Trigger | null {
  const before = text.slice(0, caret);
  const command = COMMAND.exec(before);
  if (command) return { kind: 'command', start: 0, query: command[1] ?? '' };
  const start = (match: RegExpExecArray) => match.index + (match[1] ?? '').length;
  const topic = TOPIC.exec(before);
  if (topic) return { kind: 'topic', start: start(topic), channel: topic[2] ?? '', query: topic[3] ?? '' };
  const person = PERSON.exec(before);
  if (person) return { kind: 'person', start: start(person), query: person[2] ?? '' };
  const channel = CHANNEL.exec(before);
  if (channel) return { kind: 'channel', start: start(channel), query: channel[2] ?? '' };
  const emoji = EMOJI.exec(before);
  if (emoji) return { kind: 'emoji', start: start(emoji), query: emoji[2] ?? '' };
  return null;
}

export const mentionMarkup = (full_name: string): string => `@**${full_name}** `;
export const channelMarkup = (name: string): string => `#**${name}** `;
export const topicMarkup = (channel: string, topic: string): string => `#**${channel}>${topic}** `;
export const emojiMarkup = (name: string): string => `:${name}: `;
export const commandMarkup = (name: string): string => `/${name} `;

/** Case-insensitive: names starting with the query first, then those containing it. */
export function rank<T>(items: readonly T[], query: string, name: (item: T) => string, limit = 8): T[] {
  const q = query.trim().toLowerCase();
  const scored = items
    .map((item) => ({ item, at: name(item).toLowerCase().indexOf(q) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => (a.at === 0 ? 0 : 1) - (b.at === 0 ? 0 : 1) || name(a.item).localeCompare(name(b.item)));
  return scored.slice(0, limit).map(({ item }) => item);
}
