// The user's alert words (the family's /users/me/alert_words, not in the spec): words or phrases
// that make a message notify and be highlighted as a mention does. The rules main and the window
// both need: how long one may be, when two are the same (the server compares them ignoring case),
// and where one stands in a message's text, as the family's web client highlights it.

/** The server refuses a longer one ("alert_words[0] is too long (limit: 100 characters)"). */
export const ALERT_WORD_MAX_LENGTH = 100;

function sameWord(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Why `word` cannot be added to `words`, or undefined. */
export function alertWordProblem(word: string, words: readonly string[]): string | undefined {
  const trimmed = word.trim();
  if (trimmed === '') return 'Type a word or phrase.';
  if (trimmed.length > ALERT_WORD_MAX_LENGTH) return `An alert word is at most ${ALERT_WORD_MAX_LENGTH} characters.`;
  if (words.some((known) => sameWord(known, trimmed))) return `"${trimmed}" is already one of your alert words.`;
  return undefined;
}

/** The list after the server adds `added`: those it holds in another case are not added again. */
export function withAlertWords(words: readonly string[], added: readonly string[]): string[] {
  const result = [...words];
  for (const word of added) if (word !== '' && !result.some((known) => sameWord(known, word))) result.push(word);
  return result;
}

/** The list after the server removes `removed`, in whatever case. */
export function withoutAlertWords(words: readonly string[], removed: readonly string[]): string[] {
  return words.filter((known) => !removed.some((word) => sameWord(known, word)));
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the alert words stand in one run of a message's text, as [start, end) pairs in order: a
 * match needs the start of the run, a space or one of ( " . , ' ; [ before it, and the end of the
 * run, a space or one of ) " ? ! : . , ' ; ] after it (the web client's rule; the ends of a run are
 * where its markup begins or ends).
 */
export function alertWordRanges(text: string, words: readonly string[]): [number, number][] {
  const usable = words.filter((word) => word.trim() !== '');
  if (usable.length === 0) return [];
  // Longest first, so a phrase wins over a word inside it.
  const alternatives = [...usable].sort((a, b) => b.length - a.length).map(escaped);
  const pattern = new RegExp(`(?<=^|[\\s(".,';[])(?:${alternatives.join('|')})(?=$|[\\s)"?!:.,';\\]])`, 'giu');
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(pattern)) ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}
