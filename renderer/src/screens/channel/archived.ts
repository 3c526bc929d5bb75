/** Why the compose box of an archived channel holds its message (said on Enter and on Send). */
export const archivedProblem = (name: string): string => `#${name} is archived: no new messages can be sent to it.`;
