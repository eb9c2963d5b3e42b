import type { OperatorListFilters, OperatorListItem, OperatorSortField } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export type { OperatorListFilters };

/** What the operators list's filters read of a row. */
export type OperatorMatchFields = Pick<
  OperatorListItem,
  'operatorName' | 'description' | 'operatorType' | 'active'
>;

/** `filterOf` (operators.repository.ts): search in name and description; type and active when set. */
export function operatorMatchesFilters(o: OperatorMatchFields, f: OperatorListFilters): boolean {
  return (
    containsSearch(f.search, [o.operatorName, o.description]) &&
    (!f.type || o.operatorType === f.type) &&
    equalsFilter(o.active, f.active)
  );
}

/** SORT_KEYS: lower(btrim(name)); type; created at. */
export const compareOperators = compareBy<
  Pick<OperatorListItem, 'id' | 'operatorName' | 'operatorType' | 'createdAt'>,
  OperatorSortField
>((o, field) =>
  field === 'createdAt'
    ? o.createdAt
    : field === 'operatorType'
      ? o.operatorType
      : o.operatorName.trim().toLowerCase(),
);

export const operatorsListSpec: ListSpec<OperatorListItem, OperatorListFilters, OperatorSortField> = {
  matches: operatorMatchesFilters,
  compare: compareOperators,
};
