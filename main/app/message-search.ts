// The search box's query, answered offline and online alike: read once (shared/search-query.ts),
// its names made ids from the mirror (a channel's name, a person's name or address), then the
// same narrow asked of the mirror and, online, of the server; the two merged newest first, each
// result labelled by where it came from. A term the server refuses is named with its reason; one
// the mirror cannot judge offline is named too.
import type { Message, NarrowTerm } from '../../shared/api/records';
import type { SearchAnswer, SearchResult } from '../../shared/ipc';
import { formatTerm, parseSearch, searchOperand, type SearchTerm } from '../../shared/search-query';
import { classifyFailure, isOffline } from '../api/failures';
import { channelIdNamed } from '../store/channels';
import type { ReadOnlyMirror } from '../store/database';
import type { StoredMessage } from '../store/messages';
import { narrowMessages } from '../store/search';
import { userByEmail, usersNamed } from '../store/users';
import type { AccountSession } from './session';
import { UserFacingError } from './user-facing-error';

/** What the search box asked for, as the server and the mirror are asked it. */
interface ResolvedSearch {
  narrow: NarrowTerm[];
  /** `near:`: the message the results are around. */
  anchor?: number;
  /** Each narrow term as the user typed it, to name a refused one. */
  typed: Map<NarrowTerm, string>;
}

const refuse = (term: SearchTerm, why: string): never => {
  throw new UserFacingError('INVALID_ARGUMENT', `${formatTerm(term)}: ${why}`);
};

/** A person named by ID, address, `me` or name; a name more than one person has is refused, naming the choice. */
function personOf(db: ReadOnlyMirror, term: SearchTerm, who: string, self_id: number): number | string | undefined {
  const text = who.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === 'me') return self_id;
  if (text.includes('@')) return userByEmail(db, text)?.user_id ?? text;
  const named = usersNamed(db, text);
  if (named.length > 1) refuse(term, `${named.length} people are named “${text}”; pick one from the suggestions (they search by ID then).`);
  return named[0]?.user_id;
}

/** The ids of a `dm:` operand's people: the whole operand one person first (names may hold commas), else its comma-separated parts. */
function peopleOf(db: ReadOnlyMirror, term: SearchTerm, self_id: number): number[] | string {
  const whole = personOf(db, term, term.operand, self_id);
  if (typeof whole === 'number') return [whole];
  const parts = term.operand.split(',').map((part) => personOf(db, term, part, self_id));
  const ids = parts.filter((part): part is number => typeof part === 'number');
  if (ids.length === parts.length) return ids;
  if (parts.includes(undefined)) refuse(term, 'no one by that name is in this organization’s directory.');
  // Addresses the mirror does not know: the server may.
  return term.operand;
}

function narrowTerm(db: ReadOnlyMirror, term: SearchTerm, self_id: number): NarrowTerm {
  const negated = term.negated ? { negated: true } : {};
  const { operator, operand } = term;
  switch (operator) {
    case 'channel':
      return { operator, operand: /^\d+$/.test(operand) ? Number(operand) : (channelIdNamed(db, operand) ?? operand), ...negated };
    case 'sender': {
      const person = personOf(db, term, operand, self_id);
      if (person === undefined) return refuse(term, 'no one by that name is in this organization’s directory.');
      return { operator, operand: person, ...negated };
    }
    case 'dm':
      return { operator, operand: peopleOf(db, term, self_id), ...negated };
    case 'near':
      return /^\d+$/.test(operand) ? { operator, operand } : refuse(term, 'near: takes a message ID.');
    default:
      return { operator, operand, ...negated };
  }
}

/** The query as a narrow: names resolved from the mirror, the words and phrases as one `search` term, as the family's clients send it. */
function resolveSearch(db: ReadOnlyMirror, text: string, self_id: number): ResolvedSearch {
  const query = parseSearch(text);
  const [incomplete] = query.incomplete;
  if (incomplete !== undefined) throw new UserFacingError('INVALID_ARGUMENT', `${incomplete}: needs a value after the colon.`);
  const typed = new Map<NarrowTerm, string>();
  const narrow = query.terms.map((term) => {
    const resolved = narrowTerm(db, term, self_id);
    typed.set(resolved, formatTerm(term));
    return resolved;
  });
  if (query.words.length > 0 || query.phrases.length > 0) {
    const search: NarrowTerm = { operator: 'search', operand: searchOperand(query) };
    typed.set(search, searchOperand(query));
    narrow.push(search);
  }
  if (narrow.length === 0) throw new UserFacingError('INVALID_ARGUMENT', 'Type words to find, or an operator such as channel: or is:unread.');
  const near = narrow.find((term) => term.operator === 'near');
  return { narrow: narrow.filter((term) => term !== near), typed, ...(near !== undefined && { anchor: Number(near.operand) }) };
}

/** The term a server's refusal names (its operator and operand in its message), as typed; null when it cannot be told. */
function refusedTerm(message: string, search: ResolvedSearch): string | null {
  const said = message.toLowerCase();
  const named = search.narrow.filter((term) => said.includes(`'${term.operator}'`) || said.includes(String(term.operand).toLowerCase()));
  return named.length === 1 ? (search.typed.get(named[0]!) ?? null) : null;
}

const labelled = (found: readonly StoredMessage[]): SearchResult[] => found.map((stored) => ({ ...stored, source: 'cached' }));

/**
 * The mirror's matches, with the server's own for the same narrow when online. A refusal keeps
 * the cached matches and says why; a server that cannot be reached leaves them alone.
 */
async function withServer(session: AccountSession, cached: SearchAnswer, search: ResolvedSearch, limit: number): Promise<SearchAnswer> {
  if (session.engine.status.state !== 'online') return cached;
  const around =
    search.anchor === undefined
      ? { anchor: 'newest' as const, num_before: limit, num_after: 0 }
      : { anchor: search.anchor, num_before: Math.ceil(limit / 2), num_after: Math.floor(limit / 2) };
  let messages: Message[];
  try {
    ({ messages } = await session.client.call('getMessages', { ...around, narrow: search.narrow }));
  } catch (error) {
    if (isOffline(error)) return cached;
    const failure = classifyFailure(error);
    if (failure.kind !== 'refused') throw error;
    return { ...cached, server: 'refused', refused: { term: refusedTerm(failure.message, search), message: failure.message } };
  }
  const known = new Set(cached.results.map((found) => found.message.id));
  const onlyServer: SearchResult[] = messages.filter((message) => !known.has(message.id)).map((message) => ({ message, flags: message.flags ?? [], source: 'server' }));
  const results = [...cached.results, ...onlyServer].sort((a, b) => b.message.id - a.message.id);
  return { ...cached, results: search.anchor === undefined ? results.slice(0, limit) : results, server: 'answered' };
}

/** A search as typed in the search box. */
export async function searchMessages(session: AccountSession, text: string, limit: number): Promise<SearchAnswer> {
  const self_id = session.account.user_id;
  const search = resolveSearch(session.db, text, self_id);
  const mirror = narrowMessages(session.db, search.narrow, { self_id, limit, ...(search.anchor !== undefined && { anchor: search.anchor }) });
  const cached: SearchAnswer = mirror.ok
    ? { results: labelled(mirror.messages), server: 'offline' }
    : { results: [], server: 'offline', unanswered: search.typed.get(mirror.term) ?? String(mirror.term.operator) };
  return withServer(session, cached, search, limit);
}
