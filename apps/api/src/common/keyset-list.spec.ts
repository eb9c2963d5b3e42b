import { decodeCursor } from './keyset';
import { keysetSlice } from './keyset-list';

const row = (n: number) => ({ id: `id-${n}`, sortKey: `k-${n}`, name: `Row ${n}` });

describe('keysetSlice', () => {
  it('keeps `limit` rows without their sort key and points the cursor at the last one kept', () => {
    const page = keysetSlice([row(1), row(2), row(3)], 2);
    expect(page.rows).toEqual([
      { id: 'id-1', name: 'Row 1' },
      { id: 'id-2', name: 'Row 2' },
    ]);
    expect(decodeCursor(page.nextCursor!)).toEqual({ k: 'k-2', id: 'id-2' });
  });

  it('has no next page when no row is left over', () => {
    expect(keysetSlice([row(1), row(2)], 2).nextCursor).toBeNull();
    expect(keysetSlice([], 2)).toEqual({ rows: [], nextCursor: null });
  });
});
