// What the search box suggests for the piece at the caret, read by the same rules main searches
// by (shared/search-query.ts): an operator as its name is typed, then its values: channels,
// topics of the channel named, people by name, the `is:` and `has:` the family knows. A pick
// replaces the piece and keeps its `-`.
import type { UserSummary } from '../../../../shared/ipc';
import { visibleEmail } from '../../../../shared/email-addresses';
import { formatTerm, HAS_OPERANDS, IS_OPERANDS, queryPieces, SEARCH_OPERATORS, type QueryPiece, type SearchTerm } from '../../../../shared/search-query';
import { call } from '../../lib/ipc';
import { rank } from '../compose/autocomplete';

export interface SearchSuggestion {
  id: string;
  /** An operator's name (its value still to come), or a value that completes its term. */
  kind: 'operator' | 'value';
  label: string;
  detail?: string;
  /** The query with the pick in place, and where the caret goes. */
  text: string;
  caret: number;
}

/** What each operator finds, shown beside it. */
const OPERATOR_HELP: Readonly<Record<(typeof SEARCH_OPERATORS)[number], string>> = {
  channel: 'in a channel',
  topic: 'in a topic',
  sender: 'sent by someone',
  dm: 'direct messages with someone',
  is: 'unread, starred, mentioned…',
  has: 'a link, an image, an attachment…',
  near: 'around a message ID',
};

/** The topics of a channel offered, as many as the sidebar lists. */
const TOPICS = 200;

export class SearchSuggestions {
  #channels: Promise<{ stream_id: number; name: string }[]> | undefined;

  async suggest(text: string, caret: number): Promise<SearchSuggestion[]> {
    const pieces = queryPieces(text);
    const piece = pieces.find((candidate) => candidate.start < caret && caret <= candidate.end);
    if (piece === undefined || piece.kind === 'phrase') return [];
    const replace = (id: string, label: string, typed: string, detail?: string): SearchSuggestion => {
      const after = text.slice(piece.end).replace(/^\s*/, '');
      const head = `${text.slice(0, piece.start)}${typed} `;
      return { id, kind: 'value', label, ...(detail !== undefined && { detail }), text: `${head}${after}`, caret: head.length };
    };
    if (piece.kind === 'word') {
      const negated = piece.text.startsWith('-');
      const name = (negated ? piece.text.slice(1) : piece.text).toLowerCase();
      if (name === '' || /[^a-z]/.test(name)) return [];
      return SEARCH_OPERATORS.filter((operator) => operator.startsWith(name)).map((operator) => {
        // No space after the colon: the value comes next.
        const typed = `${negated ? '-' : ''}${operator}:`;
        return { id: `operator-${operator}`, kind: 'operator', label: typed, detail: OPERATOR_HELP[operator], text: `${text.slice(0, piece.start)}${typed}${text.slice(piece.end)}`, caret: piece.start + typed.length };
      });
    }
    const term = (operand: string): string => formatTerm({ ...piece.term, operand });
    return (await this.#values(piece.term, pieces)).map((value) => replace(value.id, value.label, term(value.operand), value.detail));
  }

  async #values(term: SearchTerm, pieces: QueryPiece[]): Promise<{ id: string; label: string; operand: string; detail?: string }[]> {
    switch (term.operator) {
      case 'is':
        return IS_OPERANDS.filter((operand) => operand.startsWith(term.operand)).map((operand) => ({ id: `is-${operand}`, label: `is:${operand}`, operand }));
      case 'has':
        return HAS_OPERANDS.filter((operand) => operand.startsWith(term.operand)).map((operand) => ({ id: `has-${operand}`, label: `has:${operand}`, operand }));
      case 'channel':
        return rank(await this.#channelList(), term.operand, (channel) => channel.name).map((channel) => ({ id: `channel-${channel.stream_id}`, label: `#${channel.name}`, operand: channel.name }));
      case 'topic': {
        const named = pieces.find((other) => other.kind === 'term' && other.term.operator === 'channel' && !other.term.negated);
        const channelName = named?.kind === 'term' ? named.term.operand.toLowerCase() : undefined;
        const channel = (await this.#channelList()).find((candidate) => candidate.name.toLowerCase() === channelName);
        if (channel === undefined) return [];
        const topics = await call('sidebar.topics', { stream_id: channel.stream_id, limit: TOPICS });
        return rank(topics, term.operand, (topic) => topic.topic).map((topic) => ({ id: `topic-${topic.topic}`, label: topic.topic, operand: topic.topic, detail: `#${channel.name}` }));
      }
      case 'sender':
      case 'dm': {
        // dm: takes several people, comma-separated: the last one is being typed.
        const parts = term.operator === 'dm' ? term.operand.split(',') : [term.operand];
        const typing = parts.at(-1)!.trim();
        if (typing === '') return [];
        const { users } = await call('users.search', { text: typing, limit: 8 });
        return users.map((user) => ({ id: `person-${user.user_id}`, label: user.full_name, detail: visibleEmail(user), operand: [...parts.slice(0, -1), personOperand(user, users)].join(',') }));
      }
      case 'near':
        return [];
    }
  }

  #channelList(): Promise<{ stream_id: number; name: string }[]> {
    this.#channels ??= call('channels.list', { include_subscribed: true, include_public: true }).then(
      (listing) => listing.channels.filter((channel) => !channel.is_archived).map(({ stream_id, name }) => ({ stream_id, name })),
      () => {
        // Asked again next time rather than kept empty.
        this.#channels = undefined;
        return [];
      },
    );
    return this.#channels;
  }
}

/** A person by name, as people say it; by ID when someone else found has the same name (main would refuse the name). */
function personOperand(user: UserSummary, found: readonly UserSummary[]): string {
  const namesake = found.some((other) => other.user_id !== user.user_id && other.full_name.toLowerCase() === user.full_name.toLowerCase());
  return namesake ? String(user.user_id) : user.full_name;
}
