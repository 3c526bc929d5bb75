// Alert words in messages, found as real servers find them (their Markdown preprocessor
// AlertWordNotificationProcessor): each word, in any case, in the text the preprocessors leave (so
// not inside fenced code), with an allowed character, or the text's end, on either side. The
// has_alert_word flag they set (contentFlags.ts) on a message sent, and set again on an edit.
import type { Db } from '../db/schema';
import { preprocessedText } from '../render';

// The server's sets (tabs are spaces and line ends "\n" by then). Its "after" set holds `",`, a typo
// for `"`, so a double quote right after a word keeps it from matching.
const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/** The user's alert words, in the order added. */
export function alertWordsOf(db: Db, userId: number): string[] {
  return db.prepare('SELECT word FROM alert_words WHERE user_id = ? ORDER BY id').pluck().all(userId) as string[];
}

/** Whether one of `words` stands in `text` (preprocessed: render/index.ts preprocessedText). */
export function containsAlertWord(text: string, words: readonly string[]): boolean {
  const lowered = text.toLowerCase();
  return words.some((word) => {
    const needle = word.toLowerCase();
    for (let start = lowered.indexOf(needle); start >= 0; start = lowered.indexOf(needle, start + 1)) {
      // The server's start check is one place off: a word at the second character passes whatever the first is.
      const startsWell = start <= 1 || BEFORE.has(lowered.charAt(start - 1));
      const end = start + needle.length;
      if (startsWell && (end === lowered.length || AFTER.has(lowered.charAt(end)))) return true;
    }
    return false;
  });
}

/** Those of `userIds` with an alert word in `content`, a message's Markdown source. */
export function alertedUsers(db: Db, content: string, userIds: readonly number[]): Set<number> {
  const wanted = new Set(userIds);
  const wordsByUser = new Map<number, string[]>();
  for (const { user_id, word } of db.prepare('SELECT user_id, word FROM alert_words ORDER BY id').all() as { user_id: number; word: string }[]) {
    if (wanted.has(user_id)) wordsByUser.set(user_id, [...(wordsByUser.get(user_id) ?? []), word]);
  }
  const alerted = new Set<number>();
  if (wordsByUser.size === 0) return alerted;
  const text = preprocessedText(content);
  for (const [userId, words] of wordsByUser) if (containsAlertWord(text, words)) alerted.add(userId);
  return alerted;
}
