import type { ImportView } from '@depot/contracts';
import { approvePercent, cellsOf, placeErrors } from './rowErrors';

const HEADERS = ['Numer referencyjny', 'Kraj odbiorcy', 'Waga (kg)'];

describe('placeErrors', () => {
  it("puts each error on the column its path names, the row's own errors apart", () => {
    const placed = placeErrors(HEADERS, [
      { path: 'Kraj odbiorcy', message: 'Unknown country' },
      { path: 'Waga (kg)', message: 'Weight is required' },
      { path: 'Kraj odbiorcy', message: 'Not routable' },
      { path: '', message: 'A parcel with this reference or external number already exists.' },
      { path: 'No such column', message: 'Something else' },
    ]);
    expect([...placed.byColumn.entries()]).toEqual([
      [1, ['Unknown country', 'Not routable']],
      [2, ['Weight is required']],
    ]);
    expect(placed.general).toEqual([
      { path: '', message: 'A parcel with this reference or external number already exists.' },
      { path: 'No such column', message: 'Something else' },
    ]);
  });

  it('has nothing to place for a valid row', () => {
    const placed = placeErrors(HEADERS, []);
    expect(placed.byColumn.size).toBe(0);
    expect(placed.general).toEqual([]);
  });
});

describe('cellsOf', () => {
  it('gives one cell per header, blank where the file had none', () => {
    expect(cellsOf(HEADERS, ['R1'])).toEqual(['R1', '', '']);
    expect(cellsOf(HEADERS, ['R1', 'PL', '2,5', 'extra'])).toEqual(['R1', 'PL', '2,5']);
  });
});

describe('approvePercent', () => {
  const at = (createdRows: number, validRows: number, state: ImportView['state'] = 'approving') =>
    approvePercent({ createdRows, validRows, state });

  it('counts the created rows of those to create', () => {
    expect(at(0, 10)).toBe(0);
    expect(at(4, 6)).toBe(40);
    expect(at(2, 1)).toBe(66);
    expect(at(0, 0)).toBe(0);
  });

  it('is whole once the import is done', () => {
    expect(at(3, 0, 'done')).toBe(100);
    expect(at(0, 0, 'done')).toBe(100);
  });
});
