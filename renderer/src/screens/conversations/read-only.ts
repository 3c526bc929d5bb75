// What a conversation nothing new can be sent to says above its messages, and why its compose
// box holds a message (on Enter and on Send).

export const ARCHIVED_NOTE = 'is archived: its messages can still be read, but no new ones can be sent to it.';

export const archivedProblem = (name: string): string => `#${name} is archived: no new messages can be sent to it.`;

/** `names`: the deactivated people, by name. */
export const deactivatedNote = (names: readonly string[]): string =>
  `${names.length === 1 ? 'is' : 'are'} deactivated: the conversation can still be read, but no new messages can be sent to it.`;

export const deactivatedProblem = (names: readonly string[]): string =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} deactivated: no new messages can be sent to this conversation.`;
