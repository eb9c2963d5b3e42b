import { mergeDelete, mergeUpsert, type MergeOptions } from './list-merge';

interface Row {
  id: string;
  name: string;
  active: boolean;
}

const row = (id: string, name: string, active = true): Row => ({ id, name, active });

/** Ordered by name, then id; only active rows match the filter. */
const byName = (a: Row, b: Row) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
const opts = (allLoaded: boolean, compare: (a: Row, b: Row) => number = byName): MergeOptions<Row> => ({
  matches: (r) => r.active,
  compare,
  allLoaded,
});

/** Loaded page: Anna, Bob, Cid, Dora (sorted by name). */
const LOADED: readonly Row[] = Object.freeze([
  row('a', 'Anna'),
  row('b', 'Bob'),
  row('c', 'Cid'),
  row('d', 'Dora'),
]);
const names = (rows: readonly Row[]) => rows.map((r) => r.name);

describe('mergeUpsert: a row already in the list', () => {
  it.each([true, false])(
    'is replaced where it stands, even when its sort key moved (allLoaded %s)',
    (allLoaded) => {
      const renamed = row('b', 'Zoe');
      const r = mergeUpsert(LOADED, renamed, opts(allLoaded));
      expect(names(r.rows)).toEqual(['Anna', 'Zoe', 'Cid', 'Dora']);
      expect(r.rows[1]).toBe(renamed);
      expect(r.totalDelta).toBe(0);
      expect(r.changed).toBe(true);
    },
  );

  it.each([
    ['first', 'a', 0],
    ['middle', 'c', 2],
    ['last', 'd', 3],
  ] as const)('keeps the position of the %s row', (_where, id, index) => {
    const updated = row(id, 'Changed');
    const r = mergeUpsert(LOADED, updated, opts(true));
    expect(r.rows).toHaveLength(LOADED.length);
    expect(r.rows.findIndex((x) => x.id === id)).toBe(index);
    expect(r.rows[index]).toEqual(updated);
  });

  it.each([true, false])(
    'is removed when it stops matching the filter, total −1 (allLoaded %s)',
    (allLoaded) => {
      const r = mergeUpsert(LOADED, row('c', 'Cid', false), opts(allLoaded));
      expect(names(r.rows)).toEqual(['Anna', 'Bob', 'Dora']);
      expect(r.totalDelta).toBe(-1);
      expect(r.changed).toBe(true);
    },
  );

  it('never mutates the loaded rows', () => {
    const rows = [...LOADED];
    mergeUpsert(rows, row('b', 'Zoe'), opts(true));
    mergeUpsert(rows, row('c', 'Cid', false), opts(true));
    mergeUpsert(rows, row('n', 'Bea'), opts(true));
    expect(rows).toEqual(LOADED);
  });
});

describe('mergeUpsert: a new row that matches', () => {
  it.each([
    ['before every loaded row', row('n', 'Aaron'), ['n', 'a', 'b', 'c', 'd']],
    ['between the first two', row('n', 'Bea'), ['a', 'n', 'b', 'c', 'd']],
    ['in the middle', row('n', 'Carl'), ['a', 'b', 'n', 'c', 'd']],
    ['just before the last', row('n', 'Dan'), ['a', 'b', 'c', 'n', 'd']],
    ['same name sorts by id (after "b")', row('ba', 'Bob'), ['a', 'b', 'ba', 'c', 'd']],
  ] as const)('is inserted at its sorted position: %s', (_name, added, expectedIds) => {
    for (const allLoaded of [true, false]) {
      const r = mergeUpsert(LOADED, added, opts(allLoaded));
      expect(r.rows.map((x) => x.id)).toEqual(expectedIds);
      expect(r.rows[(expectedIds as readonly string[]).indexOf(added.id)]).toBe(added);
      expect(r.totalDelta).toBe(1);
      expect(r.changed).toBe(true);
    }
  });

  it('a row comparing equal to a loaded one goes after it', () => {
    const nameOnly = (a: Row, b: Row) => a.name.localeCompare(b.name);
    const r = mergeUpsert(LOADED, row('zz', 'Bob'), opts(true, nameOnly));
    expect(r.rows.map((x) => x.id)).toEqual(['a', 'b', 'zz', 'c', 'd']);
  });

  it('follows a descending order too', () => {
    const desc = (a: Row, b: Row) => -byName(a, b);
    const loaded = [...LOADED].reverse();
    const r = mergeUpsert(loaded, row('n', 'Carl'), opts(false, desc));
    expect(names(r.rows)).toEqual(['Dora', 'Cid', 'Carl', 'Bob', 'Anna']);
  });

  it('sorting after every loaded row: appended when everything is loaded', () => {
    const r = mergeUpsert(LOADED, row('n', 'Zed'), opts(true));
    expect(names(r.rows)).toEqual(['Anna', 'Bob', 'Cid', 'Dora', 'Zed']);
    expect(r.totalDelta).toBe(1);
    expect(r.changed).toBe(true);
  });

  it('sorting after every loaded row: not shown while more pages are to come, but counted', () => {
    const r = mergeUpsert(LOADED, row('n', 'Zed'), opts(false));
    expect(names(r.rows)).toEqual(['Anna', 'Bob', 'Cid', 'Dora']);
    expect(r.rows.some((x) => x.id === 'n')).toBe(false);
    expect(r.totalDelta).toBe(1);
    expect(r.changed).toBe(true);
  });

  it('an edited row sorting after the loaded pages is assumed counted already (total unchanged, nothing to redraw)', () => {
    const r = mergeUpsert(LOADED, row('n', 'Zed'), { ...opts(false), created: false });
    expect(names(r.rows)).toEqual(['Anna', 'Bob', 'Cid', 'Dora']);
    expect(r.totalDelta).toBe(0);
    expect(r.changed).toBe(false);
  });

  it('a created row sorting after the loaded pages is counted', () => {
    const r = mergeUpsert(LOADED, row('n', 'Zed'), { ...opts(false), created: true });
    expect(r.totalDelta).toBe(1);
  });

  it.each([
    [true, ['Zed'], 1],
    [false, [], 1],
  ] as const)('into an empty list (allLoaded %s) → %j, total +%s', (allLoaded, expected, delta) => {
    const r = mergeUpsert([], row('n', 'Zed'), opts(allLoaded));
    expect(names(r.rows)).toEqual(expected);
    expect(r.totalDelta).toBe(delta);
    expect(r.changed).toBe(true);
  });
});

describe('mergeUpsert: a new row that does not match', () => {
  it.each([
    ['would sort first', row('n', 'Aaron', false)],
    ['would sort in the middle', row('n', 'Carl', false)],
    ['would sort last', row('n', 'Zed', false)],
  ] as const)('is ignored: %s', (_name, added) => {
    for (const allLoaded of [true, false]) {
      const r = mergeUpsert(LOADED, added, opts(allLoaded));
      expect(r.rows).toBe(LOADED);
      expect(r.totalDelta).toBe(0);
      expect(r.changed).toBe(false);
    }
  });

  it('the filter decides, not the sort: a matcher that refuses everything never inserts', () => {
    const r = mergeUpsert(LOADED, row('n', 'Bea'), {
      matches: () => false,
      compare: byName,
      allLoaded: true,
    });
    expect(r).toEqual({ rows: LOADED, totalDelta: 0, changed: false });
  });
});

describe('mergeDelete', () => {
  it.each([
    ['first', 'a', ['Bob', 'Cid', 'Dora']],
    ['middle', 'c', ['Anna', 'Bob', 'Dora']],
    ['last', 'd', ['Anna', 'Bob', 'Cid']],
  ] as const)('removes the %s row, total −1', (_where, id, expected) => {
    const r = mergeDelete(LOADED, id);
    expect(names(r.rows)).toEqual(expected);
    expect(r.totalDelta).toBe(-1);
    expect(r.changed).toBe(true);
  });

  it('a row that is not loaded: same rows, no change', () => {
    const r = mergeDelete(LOADED, 'zzz');
    expect(r.rows).toBe(LOADED);
    expect(r.totalDelta).toBe(0);
    expect(r.changed).toBe(false);
  });

  it('an empty list: no change', () => {
    expect(mergeDelete<Row>([], 'a')).toEqual({ rows: [], totalDelta: 0, changed: false });
  });

  it('the only row', () => {
    expect(mergeDelete([row('a', 'Anna')], 'a')).toEqual({ rows: [], totalDelta: -1, changed: true });
  });

  it('never mutates the loaded rows', () => {
    const rows = [...LOADED];
    mergeDelete(rows, 'b');
    expect(rows).toEqual(LOADED);
  });
});
