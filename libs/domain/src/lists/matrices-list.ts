import type { MatrixListFilters, MatrixListItem, MatrixSortField } from '@depot/contracts';
import { compareBy, containsSearch, type ListSpec } from './list-spec';

export type { MatrixListFilters };

/** What the matrices list's filter reads of a row. */
export type MatrixMatchFields = Pick<MatrixListItem, 'name' | 'operatorNames'>;

/**
 * `filter` (matrices.repository.ts): search in the matrix's name or the name of a carrier one of its conditions
 * names (the row's `operatorNames`).
 */
export function matrixMatchesFilters(m: MatrixMatchFields, f: MatrixListFilters): boolean {
  return containsSearch(f.search, [m.name, ...m.operatorNames]);
}

/** SORT_KEYS: lower(btrim(name)); created at. */
export const compareMatrices = compareBy<Pick<MatrixListItem, 'id' | 'name' | 'createdAt'>, MatrixSortField>(
  (m, field) => (field === 'createdAt' ? m.createdAt : m.name.trim().toLowerCase()),
);

export const matricesListSpec: ListSpec<MatrixListItem, MatrixListFilters, MatrixSortField> = {
  matches: matrixMatchesFilters,
  compare: compareMatrices,
};
