import type { WeightImportLineView, WeightImportView } from '@depot/contracts';
import { weightImportsListSpec, weightLinesListSpec } from './weights-list';

describe('real-weight lists', () => {
  it('files newest first, lines in file order by outcome', () => {
    const files = [
      { id: '1', createdAt: '2026-01-01T10:00:00.000Z' },
      { id: '2', createdAt: '2026-01-02T10:00:00.000Z' },
    ] as WeightImportView[];
    const newest = [...files].sort((a, b) =>
      weightImportsListSpec.compare(a, b, { field: 'createdAt', direction: 'desc' }),
    );
    expect(newest.map((f) => f.id)).toEqual(['2', '1']);
    const lines = [
      { id: 'a', row: 5, outcome: 'matched' },
      { id: 'b', row: 2, outcome: 'unmatched' },
    ] as WeightImportLineView[];
    expect(
      lines.filter((l) => weightLinesListSpec.matches(l, { outcome: 'unmatched' })).map((l) => l.id),
    ).toEqual(['b']);
    expect(lines.filter((l) => weightLinesListSpec.matches(l, {})).length).toBe(2);
    const ordered = [...lines].sort((a, b) =>
      weightLinesListSpec.compare(a, b, { field: 'row', direction: 'asc' }),
    );
    expect(ordered.map((l) => l.id)).toEqual(['b', 'a']);
  });
});
