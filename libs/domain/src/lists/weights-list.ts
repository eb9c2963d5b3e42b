import type { WeightImportLineView, WeightImportView, WeightLineOutcome } from '@depot/contracts';
import { compareBy, equalsFilter, type ListSpec } from './list-spec';

/** The real-weight files list (`POST /weightImport/list`, decision 0151): no filters, newest first. */
export type WeightImportListFilters = Record<string, never>;
export type WeightImportSortField = 'createdAt';

export const weightImportsListSpec: ListSpec<
  WeightImportView,
  WeightImportListFilters,
  WeightImportSortField
> = {
  matches: () => true,
  compare: compareBy<WeightImportView, WeightImportSortField>((i) => i.createdAt),
};

/** A real-weight file's lines (`POST /weightImport/{id}/lines`): by outcome, in file order. */
export interface WeightLineListFilters {
  outcome?: WeightLineOutcome;
}
export type WeightLineSortField = 'row';

export const weightLinesListSpec: ListSpec<WeightImportLineView, WeightLineListFilters, WeightLineSortField> =
  {
    matches: (l, f) => equalsFilter(l.outcome, f.outcome),
    compare: compareBy<WeightImportLineView, WeightLineSortField>((l) => l.row),
  };
