// The user's alert words, as real servers keep them (/users/me/alert_words, the family's endpoint,
// not in the spec): listed in the order added; added without a second spelling of a word already
// there (case ignored), stripped, empty ones dropped; removed in any case. Every change answers
// the whole list and sends it to the user's queues as an alert_words event (even when nothing
// changed, as the server does). Messages get has_alert_word from them (messaging/alertWords.ts).
import type { Sim } from '../context';
import type { UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { Answer, Route } from '../http/router';
import { alertWordsOf } from '../messaging/alertWords';

const MAX_ALERT_WORD_LENGTH = 100;

/** The alert_words parameter: a JSON list of strings, each checked against `maxLength` if given. */
function wordList(params: Params, maxLength?: number): string[] {
  const value = params.requiredJson('alert_words');
  if (!Array.isArray(value)) throw badRequest('alert_words is not a list');
  return (value as unknown[]).map((item, index) => {
    if (typeof item !== 'string') throw badRequest(`alert_words[${index}] is not a string`);
    // The server counts characters (code points), not UTF-16 units.
    if (maxLength !== undefined && [...item].length > maxLength) throw badRequest(`alert_words[${index}] is too long (limit: ${maxLength} characters)`);
    return item;
  });
}

function announce(sim: Sim, user: UserRow): Answer {
  const words = alertWordsOf(sim.db, user.user_id);
  sim.queues.publish([user.user_id], { type: 'alert_words', alert_words: words });
  return { alert_words: words };
}

export const alertWordRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users/me/alert_words',
    params: [],
    handle({ sim, user }) {
      return { alert_words: alertWordsOf(sim.db, user.user_id) };
    },
  },
  {
    method: 'POST',
    path: '/users/me/alert_words',
    params: ['alert_words'],
    handle({ sim, user, params }) {
      const requested = wordList(params, MAX_ALERT_WORD_LENGTH).map((word) => word.trim()).filter((word) => word !== '');
      const known = new Set(alertWordsOf(sim.db, user.user_id).map((word) => word.toLowerCase()));
      // Keyed by lower case as the server's dict is: a word given twice keeps its first place and its last spelling.
      const added = new Map<string, string>();
      for (const word of requested) if (!known.has(word.toLowerCase())) added.set(word.toLowerCase(), word);
      const insert = sim.db.prepare('INSERT INTO alert_words (user_id, word) VALUES (?, ?)');
      sim.db.transaction(() => {
        for (const word of added.values()) insert.run(user.user_id, word);
      })();
      return announce(sim, user);
    },
  },
  {
    method: 'DELETE',
    path: '/users/me/alert_words',
    params: ['alert_words'],
    handle({ sim, user, params }) {
      // The server sets no length limit here, and compares the words as given, unstripped.
      const removed = new Set(wordList(params).map((word) => word.toLowerCase()));
      const rows = sim.db.prepare('SELECT id, word FROM alert_words WHERE user_id = ?').all(user.user_id) as { id: number; word: string }[];
      const remove = sim.db.prepare('DELETE FROM alert_words WHERE id = ?');
      sim.db.transaction(() => {
        for (const row of rows) if (removed.has(row.word.toLowerCase())) remove.run(row.id);
      })();
      return announce(sim, user);
    },
  },
];
