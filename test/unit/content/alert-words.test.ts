// The user's alert words: where one stands in a run of a message's text (the family's web client's
// rule), and the list as the server keeps it (case ignored).
import { describe, expect, it } from 'vitest';
import { ALERT_WORD_MAX_LENGTH, alertWordProblem, alertWordRanges, withAlertWords, withoutAlertWords } from '../../../shared/alert-words';

const marked = (text: string, words: string[]) => alertWordRanges(text, words).map(([start, end]) => text.slice(start, end));

describe('where alert words stand in a run of text', () => {
  it.each([
    ['Who is up for LUNCH?', ['LUNCH']],
    ['lunch', ['lunch']],
    ['(lunch), "lunch"; [lunch]. lunch! lunch: lunch', ['lunch', 'lunch', 'lunch', 'lunch', 'lunch', 'lunch']],
    ['lunches and brunch', []],
    ['pre-lunch and lunch-time', []],
    ['lunch/1 and lunch_2', []],
    ["it's lunch's", ['lunch']],
  ])('%j marks %j', (text, expected) => {
    expect(marked(text, ['lunch'])).toEqual(expected);
  });

  it('takes a phrase over a word inside it, and characters a pattern would read as its own', () => {
    expect(marked('deploy now, then deploy', ['deploy', 'deploy now'])).toEqual(['deploy now', 'deploy']);
    expect(marked('is a+b (a+b) or ab?', ['a+b'])).toEqual(['a+b', 'a+b']);
  });

  it('marks nothing without words, or with blank ones', () => {
    expect(alertWordRanges('lunch', [])).toEqual([]);
    expect(alertWordRanges('lunch', ['', ' '])).toEqual([]);
  });
});

describe('the list as the server keeps it', () => {
  it('adds a word once whatever its case, and removes it in any case', () => {
    expect(withAlertWords(['Lunch'], ['lunch', 'release', ''])).toEqual(['Lunch', 'release']);
    expect(withoutAlertWords(['Lunch', 'deploy now'], ['DEPLOY NOW', 'nothing'])).toEqual(['Lunch']);
  });

  it('says why a word cannot be added', () => {
    expect(alertWordProblem('  ', [])).toBe('Type a word or phrase.');
    expect(alertWordProblem('x'.repeat(ALERT_WORD_MAX_LENGTH + 1), [])).toContain(String(ALERT_WORD_MAX_LENGTH));
    expect(alertWordProblem('lunch', ['Lunch'])).toBe('"lunch" is already one of your alert words.');
    expect(alertWordProblem(' release ', ['Lunch'])).toBeUndefined();
  });
});
