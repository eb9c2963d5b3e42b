import {
  allSelected,
  emptySelection,
  forgetRow,
  headerState,
  isSelected,
  massSelectionCount,
  massSelectionIncludes,
  selectedCount,
  selectedCountIsLowerBound,
  setRows,
  toggleRow,
  toMassSelection,
  type MassSelection,
  type Selection,
} from './selection';

const some = (...ids: string[]): Selection => ({ mode: 'some', ids: new Set(ids) });
const all = (...except: string[]): Selection => ({ mode: 'all', except: new Set(except) });

/** A selection as plain data, so expectations read as tables. */
const plain = (sel: Selection) =>
  sel.mode === 'some'
    ? { mode: 'some', ids: [...sel.ids].sort() }
    : { mode: 'all', except: [...sel.except].sort() };

const UNIVERSE = ['a', 'b', 'c', 'd', 'e'];
const selectedIn = (sel: Selection, ids = UNIVERSE) => ids.filter((id) => isSelected(sel, id));

describe('emptySelection / allSelected', () => {
  it('starts with nothing picked', () => {
    expect(plain(emptySelection())).toEqual({ mode: 'some', ids: [] });
    expect(selectedIn(emptySelection())).toEqual([]);
  });

  it('select-all starts with no exceptions and every row selected', () => {
    expect(plain(allSelected())).toEqual({ mode: 'all', except: [] });
    expect(selectedIn(allSelected())).toEqual(UNIVERSE);
  });

  it('returns a fresh value every time (no shared mutable set)', () => {
    expect(emptySelection()).not.toBe(emptySelection());
    const a = emptySelection();
    const b = emptySelection();
    if (a.mode !== 'some' || b.mode !== 'some') throw new Error('expected mode some');
    expect(a.ids).not.toBe(b.ids);
  });
});

describe('isSelected', () => {
  it.each([
    [some('a'), 'a', true],
    [some('a'), 'b', false],
    [some(), 'a', false],
    [all(), 'a', true],
    [all('a'), 'a', false],
    [all('a'), 'b', true],
  ] as const)('%j has %s selected → %s', (sel, id, expected) => {
    expect(isSelected(sel, id)).toBe(expected);
  });
});

describe('toggleRow', () => {
  it.each([
    ['some: picks an unpicked row', some(), 'a', { mode: 'some', ids: ['a'] }],
    ['some: adds to the picked rows', some('a'), 'b', { mode: 'some', ids: ['a', 'b'] }],
    ['some: unpicks a picked row', some('a', 'b'), 'a', { mode: 'some', ids: ['b'] }],
    ['some: unpicking the last row leaves an empty pick', some('a'), 'a', { mode: 'some', ids: [] }],
    ['all: unchecking a row makes it an exception', all(), 'a', { mode: 'all', except: ['a'] }],
    ['all: a second exception', all('a'), 'c', { mode: 'all', except: ['a', 'c'] }],
    [
      'all: checking an exception again removes the exception',
      all('a', 'c'),
      'a',
      { mode: 'all', except: ['c'] },
    ],
    ['all: re-checking the only exception is select-all again', all('a'), 'a', { mode: 'all', except: [] }],
  ] as const)('%s', (_name, sel, id, expected) => {
    expect(plain(toggleRow(sel, id))).toEqual(expected);
  });

  it.each([
    ['some', some('a')],
    ['all', all('a')],
  ] as const)('flips isSelected for the toggled row only (%s mode)', (_mode, sel) => {
    for (const id of UNIVERSE) {
      const next = toggleRow(sel, id);
      expect(isSelected(next, id)).toBe(!isSelected(sel, id));
      for (const other of UNIVERSE.filter((o) => o !== id))
        expect(isSelected(next, other)).toBe(isSelected(sel, other));
    }
  });

  it.each([
    ['some', some('a')],
    ['all', all('a')],
  ] as const)('toggling twice gives the same selection back (%s mode)', (_mode, sel) => {
    for (const id of UNIVERSE) expect(plain(toggleRow(toggleRow(sel, id), id))).toEqual(plain(sel));
  });

  it('never mutates its input', () => {
    const s = some('a');
    const a = all('a');
    toggleRow(s, 'a');
    toggleRow(s, 'b');
    toggleRow(a, 'a');
    toggleRow(a, 'b');
    expect(plain(s)).toEqual({ mode: 'some', ids: ['a'] });
    expect(plain(a)).toEqual({ mode: 'all', except: ['a'] });
  });

  it('keeps the mode: toggling every row off in select-all mode is still select-all with exceptions', () => {
    let sel = allSelected();
    for (const id of UNIVERSE) sel = toggleRow(sel, id);
    expect(plain(sel)).toEqual({ mode: 'all', except: UNIVERSE });
    expect(selectedIn(sel)).toEqual([]);
  });
});

describe('setRows (shift-click ranges, keyboard)', () => {
  it.each([
    ['some: selects a range', some(), ['b', 'c', 'd'], true, { mode: 'some', ids: ['b', 'c', 'd'] }],
    [
      'some: selecting a range over picked rows keeps them once',
      some('a', 'c'),
      ['b', 'c'],
      true,
      { mode: 'some', ids: ['a', 'b', 'c'] },
    ],
    [
      'some: deselects a range',
      some('a', 'b', 'c', 'd'),
      ['b', 'c'],
      false,
      { mode: 'some', ids: ['a', 'd'] },
    ],
    [
      'some: deselecting unpicked rows changes nothing',
      some('a'),
      ['b', 'c'],
      false,
      { mode: 'some', ids: ['a'] },
    ],
    ['some: an empty range changes nothing', some('a'), [], true, { mode: 'some', ids: ['a'] }],
    ['some: a range with repeated ids', some(), ['a', 'a', 'b'], true, { mode: 'some', ids: ['a', 'b'] }],
    [
      'all: deselecting a range adds exceptions',
      all(),
      ['b', 'c'],
      false,
      { mode: 'all', except: ['b', 'c'] },
    ],
    [
      'all: deselecting keeps earlier exceptions',
      all('a'),
      ['b', 'c'],
      false,
      { mode: 'all', except: ['a', 'b', 'c'] },
    ],
    [
      'all: selecting a range removes exceptions',
      all('a', 'b', 'c'),
      ['b', 'c'],
      true,
      { mode: 'all', except: ['a'] },
    ],
    [
      'all: selecting already selected rows changes nothing',
      all('a'),
      ['b', 'c'],
      true,
      { mode: 'all', except: ['a'] },
    ],
    ['all: an empty range changes nothing', all('a'), [], false, { mode: 'all', except: ['a'] }],
  ] as const)('%s', (_name, sel, ids, selected, expected) => {
    expect(plain(setRows(sel, ids, selected))).toEqual(expected);
  });

  it.each([
    ['some', some('a', 'e')],
    ['all', all('a', 'e')],
  ] as const)(
    'every row of the range ends up with the asked state, rows outside keep theirs (%s mode)',
    (_mode, sel) => {
      const range = ['b', 'c', 'd'];
      for (const selected of [true, false]) {
        const next = setRows(sel, range, selected);
        for (const id of range) expect(isSelected(next, id)).toBe(selected);
        expect(isSelected(next, 'a')).toBe(isSelected(sel, 'a'));
        expect(isSelected(next, 'e')).toBe(isSelected(sel, 'e'));
      }
    },
  );

  it('never mutates its input', () => {
    const s = some('a');
    const a = all('a');
    setRows(s, ['b'], true);
    setRows(s, ['a'], false);
    setRows(a, ['b'], false);
    setRows(a, ['a'], true);
    expect(plain(s)).toEqual({ mode: 'some', ids: ['a'] });
    expect(plain(a)).toEqual({ mode: 'all', except: ['a'] });
  });
});

describe('selectedCountIsLowerBound', () => {
  it.each([
    ['picked rows of a capped list are exact', some('a', 'b'), true, false],
    ['select-all of a capped list is a lower bound', all(), true, true],
    ['select-all with exceptions of a capped list is a lower bound', all('a'), true, true],
    ['select-all of an exactly counted list is exact', all(), false, false],
    ['nothing picked is exact', some(), false, false],
  ] as const)('%s', (_name, sel, capped, expected) => {
    expect(selectedCountIsLowerBound(sel, capped)).toBe(expected);
  });
});

describe('selectedCount', () => {
  it.each([
    ['nothing picked', some(), 10, 0],
    ['three picked', some('a', 'b', 'c'), 10, 3],
    ['picked rows count whatever the total', some('a', 'b'), 0, 2],
    ['select-all without exceptions is the total', all(), 10, 10],
    ['select-all minus two exceptions', all('a', 'b'), 10, 8],
    ['select-all of an empty list', all(), 0, 0],
    ['every row an exception', all('a', 'b', 'c'), 3, 0],
    ['more exceptions than rows never goes below 0', all('a', 'b', 'c'), 2, 0],
  ] as const)('%s → %s', (_name, sel, total, expected) => {
    expect(selectedCount(sel, total)).toBe(expected);
  });
});

describe('headerState', () => {
  it.each([
    ['nothing picked', some(), 5, 'none'],
    ['nothing picked, empty list', some(), 0, 'none'],
    ['one of five picked', some('a'), 5, 'some'],
    ['four of five picked', some('a', 'b', 'c', 'd'), 5, 'some'],
    ['every row picked one by one', some('a', 'b', 'c', 'd', 'e'), 5, 'all'],
    ['the only row picked', some('a'), 1, 'all'],
    ['select-all', all(), 5, 'all'],
    ['select-all of a one-row list', all(), 1, 'all'],
    ['select-all of an empty list', all(), 0, 'none'],
    ['select-all with one exception', all('a'), 5, 'some'],
    ['select-all with all but one excepted', all('a', 'b', 'c', 'd'), 5, 'some'],
    ['select-all with every row excepted', all('a', 'b', 'c', 'd', 'e'), 5, 'none'],
  ] as const)('%s (total %s) → %s', (_name, sel, total, expected) => {
    expect(headerState(sel, total)).toBe(expected);
  });

  it('follows a select-all, uncheck, re-check sequence', () => {
    let sel = allSelected();
    expect(headerState(sel, 3)).toBe('all');
    sel = toggleRow(sel, 'a');
    expect(headerState(sel, 3)).toBe('some');
    sel = setRows(sel, ['b', 'c'], false);
    expect(headerState(sel, 3)).toBe('none');
    sel = toggleRow(sel, 'b');
    expect(headerState(sel, 3)).toBe('some');
    sel = setRows(sel, ['a', 'b', 'c'], true);
    expect(headerState(sel, 3)).toBe('all');
  });
});

describe('forgetRow (a row left the data set)', () => {
  it.each([
    ['some: a picked row leaves the pick', some('a', 'b'), 'a', { mode: 'some', ids: ['b'] }],
    ['some: the last picked row leaves', some('a'), 'a', { mode: 'some', ids: [] }],
    ['all: an exception is no longer needed', all('a', 'b'), 'a', { mode: 'all', except: ['b'] }],
  ] as const)('%s', (_name, sel, id, expected) => {
    expect(plain(forgetRow(sel, id))).toEqual(expected);
  });

  it.each([
    ['some: a row that was not picked', some('a')],
    ['all: a selected row (not an exception)', all('a')],
    ['some: empty selection', some()],
    ['all: no exceptions', all()],
  ] as const)('returns the very same selection when there is nothing to forget — %s', (_name, sel) => {
    expect(forgetRow(sel, 'z')).toBe(sel);
  });

  it('keeps the count right when the total shrinks with the row (select-all mode)', () => {
    // 5 rows, "a" unchecked: 4 selected. Row "a" is deleted: 4 rows, still 4 selected.
    const sel = all('a');
    expect(selectedCount(sel, 5)).toBe(4);
    expect(selectedCount(forgetRow(sel, 'a'), 4)).toBe(4);
    // A selected row "b" is deleted: 4 rows, 3 selected.
    expect(selectedCount(forgetRow(sel, 'b'), 4)).toBe(3);
  });

  it('never mutates its input', () => {
    const s = some('a');
    const a = all('a');
    forgetRow(s, 'a');
    forgetRow(a, 'a');
    expect(plain(s)).toEqual({ mode: 'some', ids: ['a'] });
    expect(plain(a)).toEqual({ mode: 'all', except: ['a'] });
  });
});

describe('toMassSelection', () => {
  const filters = { search: 'ann', roles: ['admin'], active: true };
  const orderBy = [{ field: 'lastName', direction: 'asc' }];

  it('sends the picked ids (in pick order) when rows were picked one by one', () => {
    const sel = toggleRow(toggleRow(toggleRow(emptySelection(), 'c'), 'a'), 'b');
    expect(toMassSelection(sel, filters, orderBy)).toEqual({
      selectedAll: false,
      ids: ['c', 'a', 'b'],
      exceptId: [],
      filters,
      orderBy,
    });
  });

  it('sends selectedAll with the exceptions when everything matching was selected', () => {
    const sel = toggleRow(toggleRow(allSelected(), 'd'), 'b');
    expect(toMassSelection(sel, filters, orderBy)).toEqual({
      selectedAll: true,
      ids: [],
      exceptId: ['d', 'b'],
      filters,
      orderBy,
    });
  });

  it.each([
    ['nothing picked', emptySelection(), { selectedAll: false, ids: [], exceptId: [] }],
    ['select-all without exceptions', allSelected(), { selectedAll: true, ids: [], exceptId: [] }],
  ] as const)('%s', (_name, sel, expected) => {
    expect(toMassSelection(sel, null, null)).toEqual({ ...expected, filters: null, orderBy: null });
  });

  it('passes the filters and order through untouched', () => {
    const m = toMassSelection(allSelected(), filters, orderBy);
    expect(m.filters).toBe(filters);
    expect(m.orderBy).toBe(orderBy);
  });

  it('gives arrays the caller may change without touching the selection', () => {
    const sel = some('a');
    const m = toMassSelection(sel, {}, {});
    m.ids.push('b');
    expect(plain(sel)).toEqual({ mode: 'some', ids: ['a'] });
  });
});

describe('massSelectionCount', () => {
  it.each([
    ['picked rows, whatever the total', some('a', 'c'), 5, 2],
    ['nothing picked', emptySelection(), 5, 0],
    ['select-all of everything', allSelected(), 5, 5],
    ['select-all less two exceptions', all('a', 'b'), 5, 3],
    ['select-all of an empty list', allSelected(), 0, 0],
    ['more exceptions than rows (rows went away)', all('a', 'b', 'c'), 2, 0],
  ] as const)('%s', (_name, sel, total, expected) => {
    const mass = toMassSelection(sel, {}, {});
    expect(massSelectionCount(mass, total)).toBe(expected);
    // The same count the list shows for its own selection.
    expect(massSelectionCount(mass, total)).toBe(selectedCount(sel, total));
  });
});

describe('massSelectionIncludes', () => {
  const m = (
    selectedAll: boolean,
    ids: string[],
    exceptId: string[],
  ): Pick<MassSelection, 'selectedAll' | 'ids' | 'exceptId'> => ({
    selectedAll,
    ids,
    exceptId,
  });

  it.each([
    ['picked id', m(false, ['a', 'b'], []), 'a', true],
    ['unpicked id', m(false, ['a', 'b'], []), 'c', false],
    ['nothing picked', m(false, [], []), 'a', false],
    ['picked mode ignores exceptId', m(false, ['a'], ['a']), 'a', true],
    ['select-all, not excepted', m(true, [], ['b']), 'a', true],
    ['select-all, excepted', m(true, [], ['b']), 'b', false],
    ['select-all without exceptions', m(true, [], []), 'z', true],
    ['select-all ignores ids', m(true, ['a'], ['z']), 'q', true],
  ] as const)('%s → %s', (_name, sel, id, expected) => {
    expect(massSelectionIncludes(sel, id)).toBe(expected);
  });

  it.each([
    ['picked rows', some('a', 'c')],
    ['nothing picked', some()],
    ['select-all', all()],
    ['select-all with exceptions', all('b', 'e')],
    ['select-all after ranges', setRows(setRows(allSelected(), ['a', 'b', 'c'], false), ['b'], true)],
  ] as const)('the server includes exactly the rows the client shows as selected — %s', (_name, sel) => {
    const mass = toMassSelection(sel, {}, {});
    expect(UNIVERSE.filter((id) => massSelectionIncludes(mass, id))).toEqual(selectedIn(sel));
  });
});
