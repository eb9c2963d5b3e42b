import type { ConsolidationListItem, ConsolidationSortField } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

/** The consolidations list's filters (GET /api/operatingModule/consolidation/list?search=&type=&isBlocked=). */
export interface ConsolidationListFilters {
  search?: string;
  type?: string;
  isBlocked?: 'true' | 'false';
}

/** `list` (consolidations.repository.ts): search in the barcode, driver or registration number; type; blocked. */
export function consolidationMatchesFilters(
  c: Pick<ConsolidationListItem, 'barcode' | 'driver' | 'registrationNumber' | 'type' | 'isBlocked'>,
  f: ConsolidationListFilters,
): boolean {
  return (
    containsSearch(f.search, [c.barcode, c.driver, c.registrationNumber]) &&
    equalsFilter<string>(c.type, f.type) &&
    equalsFilter(c.isBlocked, f.isBlocked === undefined ? undefined : f.isBlocked === 'true')
  );
}

/** SORT_KEYS: created at; barcode. */
export const compareConsolidations = compareBy<
  Pick<ConsolidationListItem, 'id' | 'barcode' | 'createdAt'>,
  ConsolidationSortField
>((c, field) => (field === 'barcode' ? c.barcode : c.createdAt));

export const consolidationsListSpec: ListSpec<
  ConsolidationListItem,
  ConsolidationListFilters,
  ConsolidationSortField
> = { matches: consolidationMatchesFilters, compare: compareConsolidations };
