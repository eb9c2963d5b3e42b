import { isSelected, selectedCount } from '@depot/domain';
import { listReducer, type ListAction, type ListState } from './listReducer';
import { firstPage, fullList, ids, merge, plainSel, row, run, upsert, type Row } from './listReducer.kit';

/** listReducer: live changes merged into the loaded rows (upsert, delete, flashes) and the selection actions. */

describe('live merge', () => {
  it('an update by another user replaces the row in place and flashes it', () => {
    const s = listReducer(firstPage(), upsert(row('c', 'ZZZ'), true, 5000));
    expect(s.rows.map((r) => r.name)).toEqual(['A', 'ZZZ', 'E']);
    expect(s.total).toBe(10);
    expect(s.flashed).toEqual({ c: 5000 });
  });

  it('an update by the user itself replaces the row without a flash', () => {
    const s = listReducer(firstPage(), upsert(row('c', 'ZZZ'), false, 5000));
    expect(s.rows.map((r) => r.name)).toEqual(['A', 'ZZZ', 'E']);
    expect(s.flashed).toEqual({});
  });

  it('a second change by another user moves the flash time forward', () => {
    const s = run([upsert(row('c', 'C1'), true, 1000), upsert(row('c', 'C2'), true, 2000)], firstPage());
    expect(s.flashed).toEqual({ c: 2000 });
  });

  it('a new matching row inside the loaded range is inserted in order, total +1, flashed when by another', () => {
    const s = listReducer(firstPage(), upsert(row('b'), true, 42));
    expect(ids(s)).toEqual(['a', 'b', 'c', 'e']);
    expect(s.total).toBe(11);
    expect(s.flashed).toEqual({ b: 42 });
  });

  it('a new row sorting after the loaded rows is not shown while more pages are to come, but counted', () => {
    const s = listReducer(firstPage(), upsert(row('z'), true));
    expect(ids(s)).toEqual(['a', 'c', 'e']);
    expect(s.total).toBe(11);
    expect(s.flashed).toEqual({});
  });

  it('the reducer decides allLoaded from the cursor, not from the action', () => {
    // The hook always sends allLoaded: false; with no next page the new last row must still be shown.
    const s = listReducer(fullList(), upsert(row('z'), true));
    expect(ids(s)).toEqual(['a', 'c', 'e', 'z']);
    expect(s.total).toBe(4);
    const t = listReducer(firstPage(), {
      type: 'upsert',
      row: row('z'),
      byOther: true,
      at: 1,
      merge: { ...merge, allLoaded: true },
    });
    expect(ids(t)).toEqual(['a', 'c', 'e']);
  });

  it('a new row that does not match is ignored: same state', () => {
    const s = firstPage();
    expect(listReducer(s, upsert(row('b', 'B', false), true))).toBe(s);
  });

  it('a row that stops matching leaves the list and the selection, total −1, no flash', () => {
    const before = run(
      [
        { type: 'toggle', id: 'c' },
        { type: 'toggle', id: 'a' },
      ],
      firstPage(),
    );
    const s = listReducer(before, upsert(row('c', 'C', false), true));
    expect(ids(s)).toEqual(['a', 'e']);
    expect(s.total).toBe(9);
    expect(plainSel(s.selection)).toEqual({ mode: 'some', ids: ['a'] });
    expect(s.flashed).toEqual({});
  });

  it('a row that stops matching in select-all mode drops its exception (the count stays right)', () => {
    const before = run([{ type: 'selectAll' }, { type: 'toggle', id: 'c' }], firstPage());
    expect(selectedCount(before.selection, before.total)).toBe(9);
    const s = listReducer(before, upsert(row('c', 'C', false), false));
    expect(plainSel(s.selection)).toEqual({ mode: 'all', except: [] });
    expect(selectedCount(s.selection, s.total)).toBe(9);
  });

  it('delete removes the row, its flash and its selection, total −1', () => {
    const before = run(
      [upsert(row('c', 'C2'), true, 7), upsert(row('e', 'E2'), true, 8), { type: 'toggle', id: 'c' }],
      firstPage(),
    );
    const s = listReducer(before, { type: 'delete', id: 'c' });
    expect(ids(s)).toEqual(['a', 'e']);
    expect(s.total).toBe(9);
    expect(s.flashed).toEqual({ e: 8 });
    expect(isSelected(s.selection, 'c')).toBe(false);
    expect(plainSel(s.selection)).toEqual({ mode: 'some', ids: [] });
  });

  it('delete of a row that is not loaded changes nothing', () => {
    const s = firstPage();
    expect(listReducer(s, { type: 'delete', id: 'zzz' })).toBe(s);
  });

  it('the total never goes below 0', () => {
    const s: ListState<Row> = { ...fullList(), total: 0 };
    expect(listReducer(s, { type: 'delete', id: 'a' }).total).toBe(0);
    expect(listReducer(s, upsert(row('a', 'A', false), true)).total).toBe(0);
  });

  it('unflash removes the marks older than `before` and keeps newer ones', () => {
    const before = run(
      [
        upsert(row('a', 'A1'), true, 100),
        upsert(row('c', 'C1'), true, 200),
        upsert(row('e', 'E1'), true, 300),
      ],
      firstPage(),
    );
    const s = listReducer(before, { type: 'unflash', before: 200 });
    expect(s.flashed).toEqual({ c: 200, e: 300 });
    expect(s.rows).toBe(before.rows);
  });

  it('unflash with nothing old returns the same state', () => {
    const before = run([upsert(row('a', 'A1'), true, 100)], firstPage());
    expect(listReducer(before, { type: 'unflash', before: 50 })).toBe(before);
  });

  it('unflash of everything empties the marks', () => {
    const before = run([upsert(row('a', 'A1'), true, 100), upsert(row('c', 'C1'), true, 200)], firstPage());
    expect(listReducer(before, { type: 'unflash', before: 1000 }).flashed).toEqual({});
  });
});

describe('selection actions', () => {
  it('toggle picks and unpicks rows', () => {
    const s1 = listReducer(firstPage(), { type: 'toggle', id: 'a' });
    expect(plainSel(s1.selection)).toEqual({ mode: 'some', ids: ['a'] });
    const s2 = listReducer(s1, { type: 'toggle', id: 'a' });
    expect(plainSel(s2.selection)).toEqual({ mode: 'some', ids: [] });
  });

  it('selectAll selects every row matching the filter, loaded or not', () => {
    const s = listReducer(run([{ type: 'toggle', id: 'a' }], firstPage()), { type: 'selectAll' });
    expect(plainSel(s.selection)).toEqual({ mode: 'all', except: [] });
    expect(selectedCount(s.selection, s.total)).toBe(10);
  });

  it('toggle after selectAll makes an exception', () => {
    const s = run([{ type: 'selectAll' }, { type: 'toggle', id: 'e' }], firstPage());
    expect(plainSel(s.selection)).toEqual({ mode: 'all', except: ['e'] });
    expect(selectedCount(s.selection, s.total)).toBe(9);
  });

  it('setRows selects and deselects a range', () => {
    const s1 = listReducer(firstPage(), { type: 'setRows', ids: ['a', 'c', 'e'], selected: true });
    expect(plainSel(s1.selection)).toEqual({ mode: 'some', ids: ['a', 'c', 'e'] });
    const s2 = listReducer(s1, { type: 'setRows', ids: ['a', 'c'], selected: false });
    expect(plainSel(s2.selection)).toEqual({ mode: 'some', ids: ['e'] });
  });

  it('setRows in select-all mode manages the exceptions', () => {
    const s = run(
      [
        { type: 'selectAll' },
        { type: 'setRows', ids: ['a', 'c'], selected: false },
        { type: 'setRows', ids: ['c'], selected: true },
      ],
      firstPage(),
    );
    expect(plainSel(s.selection)).toEqual({ mode: 'all', except: ['a'] });
  });

  it('clearSelection empties it, from either mode', () => {
    expect(
      plainSel(run([{ type: 'toggle', id: 'a' }, { type: 'clearSelection' }], firstPage()).selection),
    ).toEqual({
      mode: 'some',
      ids: [],
    });
    expect(plainSel(run([{ type: 'selectAll' }, { type: 'clearSelection' }], firstPage()).selection)).toEqual(
      {
        mode: 'some',
        ids: [],
      },
    );
  });

  it('selection actions leave rows, paging and flashes alone', () => {
    const before = run([upsert(row('a', 'A1'), true, 100)], firstPage());
    for (const action of [
      { type: 'toggle', id: 'a' },
      { type: 'selectAll' },
      { type: 'clearSelection' },
      { type: 'setRows', ids: ['a'], selected: true },
    ] as ListAction<Row>[]) {
      const s = listReducer(before, action);
      expect(s.rows).toBe(before.rows);
      expect(s.flashed).toBe(before.flashed);
      expect(s).toMatchObject({ nextCursor: 'cur-1', total: 10, status: 'ready', generation: 1 });
    }
  });
});
