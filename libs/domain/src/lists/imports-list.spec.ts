import type { ImportRowView, ImportView } from '@depot/contracts';
import { importRowsListSpec, importsListSpec } from './imports-list';

const C1 = 'cccccccc-0000-4000-8000-000000000001';
const C2 = 'cccccccc-0000-4000-8000-000000000002';

describe('imports list spec', () => {
  const imp = (id: string, clientId: string, state: string, createdAt: string) =>
    ({ id, clientId, state, createdAt }) as ImportView;
  const rows = [
    imp('1', C1, 'ready', '2026-01-01T10:00:00.000Z'),
    imp('2', C1, 'done', '2026-01-02T10:00:00.000Z'),
    imp('3', C2, 'ready', '2026-01-03T10:00:00.000Z'),
  ];
  const ids = (f: Parameters<typeof importsListSpec.matches>[1]) =>
    rows.filter((r) => importsListSpec.matches(r, f)).map((r) => r.id);

  it('filters by state and client', () => {
    expect(ids({})).toEqual(['1', '2', '3']);
    expect(ids({ state: 'ready' })).toEqual(['1', '3']);
    expect(ids({ clientId: C1 })).toEqual(['1', '2']);
    expect(ids({ clientId: C2, state: 'ready' })).toEqual(['3']);
    expect(ids({ clientId: C2, state: 'done' })).toEqual([]);
  });

  it('newest first', () => {
    const sorted = [...rows]
      .sort((a, b) => importsListSpec.compare(a, b, { field: 'createdAt', direction: 'desc' }))
      .map((r) => r.id);
    expect(sorted).toEqual(['3', '2', '1']);
  });
});

describe('import rows list spec', () => {
  const row = (id: string, n: number, state: string) => ({ id, row: n, state }) as ImportRowView;
  const rows = [row('a', 2, 'valid'), row('b', 3, 'invalid'), row('c', 10, 'created')];

  it('keeps the rows of a state', () => {
    expect(rows.filter((r) => importRowsListSpec.matches(r, {})).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(rows.filter((r) => importRowsListSpec.matches(r, { state: 'invalid' })).map((r) => r.id)).toEqual([
      'b',
    ]);
  });

  it('in file order, by number (row 10 after row 3)', () => {
    const sorted = [...rows]
      .reverse()
      .sort((a, b) => importRowsListSpec.compare(a, b, { field: 'row', direction: 'asc' }))
      .map((r) => r.id);
    expect(sorted).toEqual(['a', 'b', 'c']);
  });
});
