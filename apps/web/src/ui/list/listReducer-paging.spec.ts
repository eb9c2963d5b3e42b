import { initialListState, isAllLoaded, isEmpty, listReducer, type ListState } from './listReducer';
import { firstPage, fullList, ids, plainSel, reply, row, run, upsert, type Row } from './listReducer.kit';

/** listReducer: the initial state, paging (reset, pages, load more, late replies, failures) and resyncs. */

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
