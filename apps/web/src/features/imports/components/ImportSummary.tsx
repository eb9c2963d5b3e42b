import type { ImportView } from '@depot/contracts';
import { FormattedNumber } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { FactsTable, fileReadFacts, type Fact } from './fileReadFacts';
import { ImportStateTag } from './ImportStateTag';

/**
 * An import's facts: the file, its client, how it was read (a CSV's encoding and separator in words), its counts, its
 * state, and who imported it when.
 */
export function ImportSummary(props: { imp: ImportView }) {
  const i = props.imp;
  const rows: Fact[] = [
    ['imports.field.fileName', <strong key="f">{i.fileName}</strong>, 'import-file-name'],
    ['field.client', i.clientName, 'import-client'],
    ...fileReadFacts(i, 'import'),
  ];
  rows.push(
    ['imports.field.state', <ImportStateTag key="s" imp={i} />, 'import-state-summary'],
    ['imports.field.totalRows', <FormattedNumber key="t" value={i.totalRows} />, 'import-total'],
    ['imports.field.validRows', <FormattedNumber key="v" value={i.validRows} />, 'import-valid'],
    ['imports.field.invalidRows', <FormattedNumber key="i" value={i.invalidRows} />, 'import-invalid'],
    ['imports.field.createdRows', <FormattedNumber key="c" value={i.createdRows} />, 'import-created'],
    ['imports.field.createdBy', i.createdBy ?? '', 'import-created-by'],
    ['field.createdAt', formatDateTime(i.createdAt), 'import-created-at'],
  );
  if (i.finishedAt)
    rows.push(['imports.field.finishedAt', formatDateTime(i.finishedAt), 'import-finished-at']);
  return <FactsTable facts={rows} testId="import-summary" />;
}
