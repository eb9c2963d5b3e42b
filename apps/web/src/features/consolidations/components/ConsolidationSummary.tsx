import { HTMLTable, Intent } from '@blueprintjs/core';
import type { ConsolidationView } from '@depot/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { formatDate } from '../../../ui/format';
import { Tag } from '../../../ui/Tag';

/** The consolidation's facts: kind, state, barcode, the car's driver and registration number, where and by whom. */
export function ConsolidationSummary(props: { consolidation: ConsolidationView }) {
  const c = props.consolidation;
  const rows: [string, ReactNode, string][] = [
    ['consolidations.field.barcode', <strong key="b">{c.barcode}</strong>, 'consolidation-barcode'],
    [
      'consolidations.field.type',
      <FormattedMessage key="k" id={`consolidations.kind.${c.kind}`} />,
      'consolidation-kind',
    ],
    [
      'consolidations.field.isBlocked',
      c.isBlocked ? (
        <Tag key="s" intent={Intent.WARNING}>
          <FormattedMessage id="consolidations.state.blocked" />
        </Tag>
      ) : (
        <FormattedMessage key="s" id="consolidations.state.open" />
      ),
      'consolidation-state',
    ],
    ['consolidations.field.parcelCount', c.parcelCount, 'consolidation-count'],
  ];
  if (c.driver) rows.push(['consolidations.field.driver', c.driver, 'consolidation-driver']);
  if (c.registrationNumber)
    rows.push([
      'consolidations.field.registrationNumber',
      c.registrationNumber,
      'consolidation-registration',
    ]);
  if (c.terminal) rows.push(['consolidations.field.terminal', c.terminal, 'consolidation-terminal']);
  rows.push([
    'consolidations.field.isDefaultStatus',
    <FormattedMessage key="d" id={c.isDefaultStatus ? 'consolidations.yes' : 'consolidations.no'} />,
    'consolidation-default-status',
  ]);
  rows.push([
    'consolidations.field.isVirtualScan',
    <FormattedMessage key="v" id={c.isVirtualScan ? 'consolidations.yes' : 'consolidations.no'} />,
    'consolidation-virtual-scan',
  ]);
  if (c.parent)
    rows.push([
      'consolidations.field.parent',
      <Link key="p" to={`/operatingModule/consolidation/details/${c.parent.id}`}>
        {c.parent.barcode}
      </Link>,
      'consolidation-parent',
    ]);
  rows.push(['consolidations.field.createdBy', c.createdBy ?? '', 'consolidation-created-by']);
  rows.push(['field.createdAt', formatDate(c.createdAt), 'consolidation-created-at']);
  return (
    <HTMLTable compact style={{ marginBottom: 12 }} data-testid="consolidation-summary">
      <tbody>
        {rows.map(([labelId, value, testId]) => (
          <tr key={labelId}>
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
