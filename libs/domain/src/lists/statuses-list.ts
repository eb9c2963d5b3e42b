import { STATUS_MAP_UNMAPPED, type StatusMapRow, type StatusMapSortField } from '@depot/contracts';
import { compareBy, containsSearch, type ListSpec } from './list-spec';

/** The statuses list's filters (GET /api/mapStatus/list?search=&operatorType=&dbName=). */
export interface StatusMapListFilters {
  search?: string;
  operatorType?: string;
  /** An internal status, or `unmapped` (contracts STATUS_MAP_UNMAPPED). */
  dbName?: string;
}

/** What the statuses list's filters read of a row. */
export type StatusMapMatchFields = Pick<StatusMapRow, 'operatorType' | 'code' | 'description' | 'dbName'>;

/** `list` (status-map.repository.ts): search in the code and the description; the carrier type; the status. */
export function statusMapMatchesFilters(r: StatusMapMatchFields, f: StatusMapListFilters): boolean {
  return (
    containsSearch(f.search, [r.code, r.description]) &&
    (!f.operatorType || r.operatorType === f.operatorType) &&
    (!f.dbName || (f.dbName === STATUS_MAP_UNMAPPED ? r.dbName === null : r.dbName === f.dbName))
  );
}

/**
 * SORT_KEYS: the carrier type, then the code in any case ("type code" as one text: types have no spaces); the code
 * alone; how often seen; last change.
 */
export const compareStatusMapRows = compareBy<
  Pick<StatusMapRow, 'id' | 'operatorType' | 'code' | 'seenCount' | 'updatedAt'>,
  StatusMapSortField
>((r, field) =>
  field === 'operatorType'
    ? `${r.operatorType} ${r.code.toLowerCase()}`
    : field === 'code'
      ? r.code.toLowerCase()
      : field === 'seenCount'
        ? r.seenCount
        : r.updatedAt,
);

export const statusesListSpec: ListSpec<StatusMapRow, StatusMapListFilters, StatusMapSortField> = {
  matches: statusMapMatchesFilters,
  compare: compareStatusMapRows,
};
