import { findTextProblem, MAX_INPUT_DEPTH, MAX_TEXT_LENGTH, stringProblem } from './text';

describe('text at the edge', () => {
  it.each([
    ['plain', null],
    ['Zażółć gęślą jaźń', null],
    ['emoji 📦 pairs are fine', null],
    ['', null],
    ['a\u0000b', 'notStorable'],
    ['\u0000', 'notStorable'],
    ['lone high \ud800 surrogate', 'notStorable'],
    ['lone low \udc00 surrogate', 'notStorable'],
    ['high at the end \ud83d', 'notStorable'],
    ['low first \ude00\ud83d', 'notStorable'],
    ['tab\tand newline\n are fine', null],
  ])('%j → %s', (value, kind) => {
    expect(stringProblem(value)).toBe(kind);
  });

  it('limits length at MAX_TEXT_LENGTH, or a given maximum', () => {
    expect(stringProblem('x'.repeat(MAX_TEXT_LENGTH))).toBeNull();
    expect(stringProblem('x'.repeat(MAX_TEXT_LENGTH + 1))).toBe('tooLong');
    expect(stringProblem('abc', 2)).toBe('tooLong');
  });

  it('names the path of the first bad value in nested bodies', () => {
    expect(findTextProblem({ filters: { search: 'a\u0000b' } })).toEqual({
      path: 'filters.search',
      kind: 'notStorable',
    });
    expect(findTextProblem({ items: [{ name: 'ok' }, { name: 'x'.repeat(MAX_TEXT_LENGTH + 1) }] })).toEqual({
      path: 'items.1.name',
      kind: 'tooLong',
    });
    expect(findTextProblem('\ud800')).toEqual({ path: 'value', kind: 'notStorable' });
    expect(findTextProblem({ a: 1, b: true, c: null, d: [1, 2] })).toBeNull();
  });

  it('checks keys too, and names them without the bad character', () => {
    const found = findTextProblem({ outer: { 'k\u0000ey': 1 } });
    expect(found).toEqual({ path: 'outer.k\\u0000ey', kind: 'notStorable' });
    expect(found?.path).not.toContain('\u0000');
  });

  it('refuses nesting deeper than MAX_INPUT_DEPTH', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = { n: deep };
    expect(findTextProblem(deep)?.kind).toBe('tooDeep');
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = [fine];
    expect(findTextProblem(fine)).toBeNull();
  });
});
