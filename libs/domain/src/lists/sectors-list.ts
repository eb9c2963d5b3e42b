import type { SectorListItem, SectorSortField } from '@depot/contracts';
import { compareBy, containsSearch, type ListSpec } from './list-spec';

/** The sectors list's filters (GET /api/operatingModule/administration/sector/list?search=&sectorCountry=&operatorId=). */
export interface SectorListFilters {
  search?: string;
  sectorCountry?: string;
  operatorId?: string;
}

/** What the sectors list's filters read of a row. */
export type SectorMatchFields = Pick<SectorListItem, 'sectorCountry' | 'sectorDescription'> & {
  operators: readonly { id: string }[];
};

/** `list` (sectors.repository.ts): search in the description; the country when set; a mapped carrier when set. */
export function sectorMatchesFilters(s: SectorMatchFields, f: SectorListFilters): boolean {
  return (
    containsSearch(f.search, [s.sectorDescription]) &&
    (!f.sectorCountry || s.sectorCountry === f.sectorCountry) &&
    (!f.operatorId || s.operators.some((o) => o.id === f.operatorId))
  );
}

/** SORT_KEYS: country; lower(description); created at. */
export const compareSectors = compareBy<
  Pick<SectorListItem, 'id' | 'sectorCountry' | 'sectorDescription' | 'createdAt'>,
  SectorSortField
>((s, field) =>
  field === 'createdAt'
    ? s.createdAt
    : field === 'sectorCountry'
      ? s.sectorCountry
      : s.sectorDescription.toLowerCase(),
);

export const sectorsListSpec: ListSpec<SectorListItem, SectorListFilters, SectorSortField> = {
  matches: sectorMatchesFilters,
  compare: compareSectors,
};
