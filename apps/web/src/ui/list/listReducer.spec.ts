import type { ListReply } from '@depot/contracts';
import { isSelected, selectedCount, type MergeOptions, type Selection } from '@depot/domain';
import {
  initialListState,
  isAllLoaded,
  isEmpty,
  listReducer,
  type ListAction,
  type ListState,
} from './listReducer';

interface Row {
  id: string;
  name: string;
  active: boolean;
}

const row = (id: string, name = id.toUpperCase(), active = true): Row => ({ id, name, active });
const reply = (items: Row[], nextCursor: string | null, total: number): ListReply<Row> => ({
  items,
  nextCursor,
  total,
});
const ids = (s: ListState<Row>) => s.rows.map((r) => r.id);
const run = (actions: ListAction<Row>[], from: ListState<Row> = initialListState<Row>()) =>
  actions.reduce(listReducer<Row>, from);
const plainSel = (sel: Selection) =>
  sel.mode === 'some'
    ? { mode: 'some', ids: [...sel.ids].sort() }
    : { mode: 'all', except: [...sel.except].sort() };

/** Rows sort by name; only active rows match the filter. */
const merge: MergeOptions<Row> = {
  matches: (r) => r.active,
  compare: (a, b) => a.name.localeCompare(b.name),
  allLoaded: false,
};
const upsert = (r: Row, byOther: boolean, at = 1000): ListAction<Row> => ({
  type: 'upsert',
  row: r,
  byOther,
  at,
  merge,
});

/** First page of generation 1 loaded: a, c, e — 3 of 10, more to come. */
const firstPage = () =>
  run([
    { type: 'reset' },
    { type: 'page', generation: 1, reply: reply([row('a'), row('c'), row('e')], 'cur-1', 10), append: false },
  ]);
/** Everything loaded: a, c, e — 3 of 3. */
const fullList = () =>
  run([
    { type: 'reset' },
    { type: 'page', generation: 1, reply: reply([row('a'), row('c'), row('e')], null, 3), append: false },
  ]);

describe('initialListState', () => {
  it('is idle, empty, generation 0, nothing selected or flashed', () => {
    const s = initialListState<Row>();
    expect(s).toMatchObject({
      rows: [],
      nextCursor: null,
      total: 0,
      status: 'idle',
      generation: 0,
      flashed: {},
    });
    expect(plainSel(s.selection)).toEqual({ mode: 'some', ids: [] });
    expect(isAllLoaded(s)).toBe(false);
    expect(isEmpty(s)).toBe(false);
  });
});

describe('paging', () => {
  it('reset → loading, a new generation, everything cleared', () => {
    const before = run([{ type: 'toggle', id: 'a' }, upsert(row('a'), true)], firstPage());
    const s = listReducer(before, { type: 'reset' });
    expect(s).toMatchObject({
      rows: [],
      nextCursor: null,
      total: 0,
      status: 'loading',
      generation: 2,
      flashed: {},
    });
    expect(plainSel(s.selection)).toEqual({ mode: 'some', ids: [] });
  });

  it('each reset bumps the generation', () => {
    expect(run([{ type: 'reset' }, { type: 'reset' }, { type: 'reset' }]).generation).toBe(3);
  });

  it('page → ready with the rows, cursor and total', () => {
    const s = firstPage();
    expect(s.status).toBe('ready');
    expect(ids(s)).toEqual(['a', 'c', 'e']);
    expect(s.nextCursor).toBe('cur-1');
    expect(s.total).toBe(10);
  });

  it.each([
    ['loading (no page yet)', run([{ type: 'reset' }]), false, false],
    ['ready, more to come', firstPage(), false, false],
    ['ready, last page, rows', fullList(), true, false],
    [
      'ready, no rows',
      run([{ type: 'reset' }, { type: 'page', generation: 1, reply: reply([], null, 0), append: false }]),
      false,
      true,
    ],
    ['loading more', listReducer(firstPage(), { type: 'loadingMore' }), false, false],
    ['error', run([{ type: 'reset' }, { type: 'failed', generation: 1 }]), false, false],
    ['error after rows, no cursor', listReducer(fullList(), { type: 'failed', generation: 1 }), false, false],
  ] as const)('%s → isAllLoaded %s, isEmpty %s', (_name, s, allLoaded, empty) => {
    expect(isAllLoaded(s)).toBe(allLoaded);
    expect(isEmpty(s)).toBe(empty);
  });

  it('isAllLoaded needs a null cursor, not just a full-looking page', () => {
    const s: ListState<Row> = { ...fullList(), nextCursor: 'x' };
    expect(isAllLoaded(s)).toBe(false);
  });

  it('loadingMore when ready with a cursor → more', () => {
    const s = firstPage();
    const next = listReducer(s, { type: 'loadingMore' });
    expect(next.status).toBe('more');
    expect(next.rows).toBe(s.rows);
    expect(next.nextCursor).toBe('cur-1');
  });

  it.each([
    ['ready without a cursor (all loaded)', fullList()],
    ['still loading the first page', run([{ type: 'reset' }])],
    ['idle', initialListState<Row>()],
    ['already loading more', listReducer(firstPage(), { type: 'loadingMore' })],
    ['error', listReducer(firstPage(), { type: 'failed', generation: 1 })],
  ] as const)('loadingMore when %s changes nothing', (_name, s) => {
    expect(listReducer(s, { type: 'loadingMore' })).toBe(s);
  });

  it('a next page appends after the loaded rows and takes the new cursor and total', () => {
    const s = run(
      [
        { type: 'loadingMore' },
        { type: 'page', generation: 1, reply: reply([row('g'), row('i')], 'cur-2', 11), append: true },
      ],
      firstPage(),
    );
    expect(ids(s)).toEqual(['a', 'c', 'e', 'g', 'i']);
    expect(s).toMatchObject({ nextCursor: 'cur-2', total: 11, status: 'ready' });
  });

  it('the last page clears the cursor: all loaded', () => {
    const s = run(
      [
        { type: 'loadingMore' },
        { type: 'page', generation: 1, reply: reply([row('g')], null, 4), append: true },
      ],
      firstPage(),
    );
    expect(ids(s)).toEqual(['a', 'c', 'e', 'g']);
    expect(isAllLoaded(s)).toBe(true);
  });

  it('append de-duplicates ids already loaded (a live insert that the next page brings again)', () => {
    const withLive = listReducer(firstPage(), upsert(row('b'), true));
    expect(ids(withLive)).toEqual(['a', 'b', 'c', 'e']);
    const s = listReducer(withLive, {
      type: 'page',
      generation: 1,
      reply: reply([row('b', 'B-from-page'), row('c'), row('f')], null, 11),
      append: true,
    });
    expect(ids(s)).toEqual(['a', 'b', 'c', 'e', 'f']);
    // The row already shown is kept as it was, not replaced by the page's copy.
    expect(s.rows[1].name).toBe('B');
  });

  it('a first page (append: false) replaces the rows, without de-duplicating against them', () => {
    const s = listReducer(firstPage(), {
      type: 'page',
      generation: 1,
      reply: reply([row('x'), row('a')], null, 2),
      append: false,
    });
    expect(ids(s)).toEqual(['x', 'a']);
  });

  it('a late page from an old generation is ignored (filters changed meanwhile)', () => {
    const s = run([{ type: 'reset' }, { type: 'reset' }]);
    const late = listReducer(s, {
      type: 'page',
      generation: 1,
      reply: reply([row('old')], null, 1),
      append: false,
    });
    expect(late).toBe(s);
    expect(late.status).toBe('loading');
    const fresh = listReducer(late, {
      type: 'page',
      generation: 2,
      reply: reply([row('new')], null, 1),
      append: false,
    });
    expect(ids(fresh)).toEqual(['new']);
    expect(fresh.status).toBe('ready');
  });

  it('a late next page from an old generation is ignored too', () => {
    const s = run(
      [{ type: 'reset' }, { type: 'page', generation: 2, reply: reply([row('n')], 'c', 5), append: false }],
      firstPage(),
    );
    expect(
      listReducer(s, { type: 'page', generation: 1, reply: reply([row('z')], null, 9), append: true }),
    ).toBe(s);
  });

  it('failed → error for the current generation, keeping the loaded rows', () => {
    const s = run([{ type: 'loadingMore' }, { type: 'failed', generation: 1 }], firstPage());
    expect(s.status).toBe('error');
    expect(ids(s)).toEqual(['a', 'c', 'e']);
    expect(s.total).toBe(10);
  });

  it('a failure of an old generation is ignored', () => {
    const s = run([{ type: 'reset' }, { type: 'reset' }]);
    expect(listReducer(s, { type: 'failed', generation: 1 })).toBe(s);
  });

  it('a capped total (decision 0084) is kept with the page and cleared by an exact one', () => {
    const capped = run([
      { type: 'reset' },
      {
        type: 'page',
        generation: 1,
        reply: { ...reply([row('a')], 'cur-1', 10_000), totalCapped: true },
        append: false,
      },
    ]);
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true });
    const exact = listReducer(capped, {
      type: 'resynced',
      generation: 1,
      rows: [row('a')],
      nextCursor: null,
      total: 1,
      totalCapped: false,
    });
    expect(exact).toMatchObject({ total: 1, totalCapped: false });
    expect(run([{ type: 'reset' }], capped).totalCapped).toBe(false);
    expect(firstPage().totalCapped).toBe(false);
  });

  it('resynced replaces rows, cursor and total, and keeps the selection', () => {
    const before = run(
      [{ type: 'toggle', id: 'a' }, { type: 'toggle', id: 'c' }, { type: 'loadingMore' }],
      firstPage(),
    );
    const s = listReducer(before, {
      type: 'resynced',
      generation: 1,
      rows: [row('a'), row('b'), row('c')],
      nextCursor: 'cur-r',
      total: 12,
    });
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(s).toMatchObject({ nextCursor: 'cur-r', total: 12, status: 'ready', generation: 1 });
    expect(s.selection).toBe(before.selection);
    expect(plainSel(s.selection)).toEqual({ mode: 'some', ids: ['a', 'c'] });
  });

  it('resynced keeps a select-all selection with its exceptions', () => {
    const before = run([{ type: 'selectAll' }, { type: 'toggle', id: 'c' }], firstPage());
    const s = listReducer(before, {
      type: 'resynced',
      generation: 1,
      rows: [row('a')],
      nextCursor: null,
      total: 1,
    });
    expect(plainSel(s.selection)).toEqual({ mode: 'all', except: ['c'] });
  });

  it('a resync of an old generation is ignored', () => {
    const s = listReducer(firstPage(), { type: 'reset' });
    expect(
      listReducer(s, { type: 'resynced', generation: 1, rows: [row('z')], nextCursor: null, total: 1 }),
    ).toBe(s);
  });
});

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
