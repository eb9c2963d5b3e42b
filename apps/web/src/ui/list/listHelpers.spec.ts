import { compareBy, setFilters, shownColumns, yesNoFilter } from './listHelpers';

type Row = { id: string; name: string; n: number };
const byField = compareBy<Row, 'name' | 'n'>((r, f) => (f === 'name' ? r.name.toLowerCase() : r.n));
const a: Row = { id: '1', name: 'Beta', n: 2 };
const b: Row = { id: '2', name: 'alpha', n: 2 };
const c: Row = { id: '3', name: 'alpha', n: 1 };

describe('compareBy', () => {
  it('orders by the field ascending, ties broken by id', () => {
    const rows = [a, b, c].sort((x, y) => byField(x, y, { field: 'name', direction: 'asc' }));
    expect(rows.map((r) => r.id)).toEqual(['2', '3', '1']);
  });

  it('reverses the whole order (ties too) when descending', () => {
    const rows = [a, b, c].sort((x, y) => byField(x, y, { field: 'n', direction: 'desc' }));
    expect(rows.map((r) => r.id)).toEqual(['2', '1', '3']);
  });

  it('says equal only for the same row', () => {
    expect(byField(a, a, { field: 'name', direction: 'asc' })).toBe(0);
  });
});

describe('list filters', () => {
  it('leaves out the filters not set and keeps false and empty lists', () => {
    expect(setFilters({ search: undefined, active: false, type: 'A', roles: [] })).toEqual({
      active: false,
      type: 'A',
      roles: [],
    });
    expect(Object.keys(setFilters({ search: undefined }))).toEqual([]);
  });

  it('reads a yes/no select as a boolean filter or none', () => {
    expect(yesNoFilter('')).toBeUndefined();
    expect(yesNoFilter('true')).toBe(true);
    expect(yesNoFilter('false')).toBe(false);
  });
});

describe('shownColumns', () => {
  it('drops the columns given as false, in order', () => {
    expect(shownColumns(['a', false, 'b', false])).toEqual(['a', 'b']);
  });
});
