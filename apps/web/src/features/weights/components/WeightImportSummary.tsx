import type { WeightImportView } from '@depot/contracts';
import { FormattedNumber } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { FactsTable, fileReadFacts, type Fact } from '../../imports/components/fileReadFacts';
import { OUTCOME_WORDS } from '../words';

/** A real-weight file's facts: the file, how it was read, its counts by outcome, who brought it when. */
export function WeightImportSummary(props: { imp: WeightImportView }) {
  const i = props.imp;
  const count = (n: number) => <FormattedNumber value={n} />;
  const rows: Fact[] = [
    ['weights.file', <strong key="f">{i.fileName}</strong>, 'weights-file-name'],
    ...fileReadFacts(i, 'weights'),
  ];
  rows.push(
    ['weights.list.total', count(i.totalRows), 'weights-total'],
    [OUTCOME_WORDS.matched, count(i.matchedRows), 'weights-matched'],
    [OUTCOME_WORDS.overDeclared, count(i.overDeclaredRows), 'weights-over'],
    [OUTCOME_WORDS.unmatched, count(i.unmatchedRows), 'weights-unmatched'],
    [OUTCOME_WORDS.invalid, count(i.invalidRows), 'weights-invalid'],
    ['weights.list.createdBy', i.createdBy ?? '', 'weights-created-by'],
    ['weights.list.createdAt', formatDateTime(i.createdAt), 'weights-created-at'],
  );
  return <FactsTable facts={rows} testId="weights-summary" />;
}
