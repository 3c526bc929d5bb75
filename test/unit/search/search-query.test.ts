// The search box's syntax, read once for both sides: every operator, negation, quotes, the
// family's older spellings, and text that only looks like an operator.
import { describe, expect, it } from 'vitest';
import { formatTerm, parseSearch, queryPieces, searchOperand, searchOperandParts } from '../../../shared/search-query';

const terms = (text: string) => parseSearch(text).terms;

describe('parseSearch', () => {
  it('reads every operator the search box offers', () => {
    expect(terms('channel:general topic:deploys sender:7 dm:8,9 is:unread has:link near:120')).toEqual([
      { operator: 'channel', operand: 'general', negated: false },
      { operator: 'topic', operand: 'deploys', negated: false },
      { operator: 'sender', operand: '7', negated: false },
      { operator: 'dm', operand: '8,9', negated: false },
      { operator: 'is', operand: 'unread', negated: false },
      { operator: 'has', operand: 'link', negated: false },
      { operator: 'near', operand: '120', negated: false },
    ]);
    for (const is of ['starred', 'mentioned', 'dm', 'resolved']) expect(terms(`is:${is}`)).toEqual([{ operator: 'is', operand: is, negated: false }]);
    for (const has of ['image', 'attachment', 'reaction']) expect(terms(`has:${has}`)).toEqual([{ operator: 'has', operand: has, negated: false }]);
  });

  it('negates an operator with a minus', () => {
    expect(terms('-is:unread -channel:general')).toEqual([
      { operator: 'is', operand: 'unread', negated: true },
      { operator: 'channel', operand: 'general', negated: true },
    ]);
  });

  it('takes quoted operands and phrases; an unclosed quote runs to the end', () => {
    expect(parseSearch('sender:"Ada Lovelace" "rollback plan" deploy topic:"release 2.0"')).toEqual({
      terms: [
        { operator: 'sender', operand: 'Ada Lovelace', negated: false },
        { operator: 'topic', operand: 'release 2.0', negated: false },
      ],
      words: ['deploy'],
      phrases: ['rollback plan'],
      incomplete: [],
    });
    expect(parseSearch('"still typing')).toMatchObject({ phrases: ['still typing'], words: [] });
    expect(parseSearch('topic:"half open')).toMatchObject({ terms: [{ operator: 'topic', operand: 'half open', negated: false }] });
  });

  it('reads the family’s older spellings as the operators they became, and case aside', () => {
    expect(terms('stream:general subject:x from:7 pm-with:8 is:private Channel:Ops IS:Unread')).toEqual([
      { operator: 'channel', operand: 'general', negated: false },
      { operator: 'topic', operand: 'x', negated: false },
      { operator: 'sender', operand: '7', negated: false },
      { operator: 'dm', operand: '8', negated: false },
      { operator: 'is', operand: 'dm', negated: false },
      { operator: 'channel', operand: 'Ops', negated: false },
      { operator: 'is', operand: 'unread', negated: false },
    ]);
  });

  it('keeps words that only look like operators as words: links, times, unknown names, a minus before a word', () => {
    expect(parseSearch('https://example.com/x 12:30 note:this -deploy')).toEqual({
      terms: [],
      words: ['https://example.com/x', '12:30', 'note:this', '-deploy'],
      phrases: [],
      incomplete: [],
    });
  });

  it('notes an operator typed without its value', () => {
    expect(parseSearch('deploy channel:')).toMatchObject({ terms: [], words: ['deploy'], incomplete: ['channel'] });
    expect(parseSearch('channel:""')).toMatchObject({ terms: [], incomplete: ['channel'] });
  });

  it('takes odd input: control characters, a NUL, nothing findable, text in any script', () => {
    expect(parseSearch('deploy\u0000rollback')).toMatchObject({ words: ['deploy', 'rollback'] });
    expect(parseSearch('topic:"a\u0000b"')).toMatchObject({ terms: [{ operator: 'topic', operand: 'a b', negated: false }] });
    expect(parseSearch('\u0000')).toEqual({ terms: [], words: [], phrases: [], incomplete: [] });
    expect(parseSearch('  ;; -- "" ')).toEqual({ terms: [], words: [], phrases: [], incomplete: [] });
    expect(parseSearch('東京タワー 🎉 channel:ビデオゲーム')).toEqual({
      terms: [{ operator: 'channel', operand: 'ビデオゲーム', negated: false }],
      words: ['東京タワー', '🎉'],
      phrases: [],
      incomplete: [],
    });
    expect(() => parseSearch('"'.repeat(1000) + ':'.repeat(1000) + '-'.repeat(1000))).not.toThrow();
  });
});

describe('pieces, for the suggestions', () => {
  it('says where each piece is, so the one at the caret can be completed', () => {
    const text = 'deploy -channel:gen "a b';
    expect(queryPieces(text)).toEqual([
      { kind: 'word', start: 0, end: 6, text: 'deploy' },
      { kind: 'term', start: 7, end: 19, quoted: false, term: { operator: 'channel', operand: 'gen', negated: true } },
      { kind: 'phrase', start: 20, end: 24, text: 'a b', closed: false },
    ]);
  });
});

describe('writing terms back', () => {
  it('quotes an operand with a space, so it reads back the same', () => {
    for (const term of [
      { operator: 'sender', operand: 'Ada Lovelace', negated: false },
      { operator: 'channel', operand: 'general', negated: true },
      { operator: 'topic', operand: 'release 2.0', negated: false },
    ] as const) {
      expect(terms(formatTerm(term))).toEqual([term]);
    }
    expect(formatTerm({ operator: 'channel', operand: 'general', negated: true })).toBe('-channel:general');
  });

  it('makes the search operand of the words and phrases, which reads back the same', () => {
    const query = parseSearch('deploy "rollback plan" channel:x');
    expect(searchOperand(query)).toBe('deploy "rollback plan"');
    expect(searchOperandParts(searchOperand(query))).toEqual({ words: ['deploy'], phrases: ['rollback plan'] });
    expect(searchOperandParts('channel:x')).toEqual({ words: ['channel:x'], phrases: [] });
  });
});
