import { HTMLTable } from '@blueprintjs/core';
import type { ImportDelimiter, ImportEncoding } from '@depot/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DELIMITER_WORDS, ENCODING_WORDS, KIND_WORDS } from '../words';

/** A fact of a summary table: its label's catalogue id, its value, its test id. */
export type Fact = [labelId: string, value: ReactNode, testId: string];

/**
 * How an uploaded file was read, in words (shipment imports and real-weight files share the reader): its type, and a
 * CSV's encoding and separator. Test ids are `<prefix>-kind`, `<prefix>-encoding`, `<prefix>-delimiter`.
 */
export function fileReadFacts(
  file: { kind: 'xlsx' | 'csv'; encoding: ImportEncoding; delimiter: ImportDelimiter | null },
  prefix: string,
): Fact[] {
  const facts: Fact[] = [
    ['imports.field.kind', <FormattedMessage key="k" id={KIND_WORDS[file.kind]} />, `${prefix}-kind`],
  ];
  if (file.kind !== 'csv') return facts;
  facts.push([
    'imports.field.encoding',
    <FormattedMessage key="e" id={ENCODING_WORDS[file.encoding]} />,
    `${prefix}-encoding`,
  ]);
  if (file.delimiter)
    facts.push([
      'imports.field.delimiter',
      <FormattedMessage key="d" id={DELIMITER_WORDS[file.delimiter]} />,
      `${prefix}-delimiter`,
    ]);
  return facts;
}

/** A summary table of facts (an import's, a real-weight file's): each label in the reader's language, its value. */
export function FactsTable(props: { facts: readonly Fact[]; testId: string }) {
  return (
    <HTMLTable compact className="depot-parcel-facts" data-testid={props.testId}>
      <tbody>
        {props.facts.map(([labelId, value, testId]) => (
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
