import { HTMLTable } from '@blueprintjs/core';
import type { WeightImportView } from '@depot/contracts';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { fileReadFacts, type Fact } from '../../imports/components/fileReadFacts';
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
  return (
    <HTMLTable compact className="depot-parcel-facts" data-testid="weights-summary">
      <tbody>
        {rows.map(([labelId, value, testId]) => (
          <tr key={testId}>
            <th scope="row">
              <FormattedMessage id={labelId} />
            </th>
            <td data-testid={testId}>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
