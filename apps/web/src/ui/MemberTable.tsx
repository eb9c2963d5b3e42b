import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A column of a MemberTable: its header's message id, what a row shows, and the cell's test id if any. */
export interface MemberColumn<T> {
  titleId: string;
  render: (row: T) => ReactNode;
  testId?: string;
}

/**
 * The members of a record, each removable (a client group's clients, a sector's carriers): a compact table with a
 * remove button per row, or a line saying there are none yet.
 */
export function MemberTable<T extends { id: string }>(props: {
  rows: readonly T[];
  columns: MemberColumn<T>[];
  emptyId: string;
  emptyTestId: string;
  rowTestId: string;
  removeId: string;
  removeTestId: string;
  busy?: boolean;
  onRemove: (row: T) => void;
}) {
  if (props.rows.length === 0)
    return (
      <p data-testid={props.emptyTestId} style={{ marginTop: 8 }}>
        <FormattedMessage id={props.emptyId} />
      </p>
    );
  return (
    <HTMLTable compact striped style={{ width: '100%', marginTop: 8 }}>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c.titleId}>
              <FormattedMessage id={c.titleId} />
            </th>
          ))}
          <th>
            <span className="depot-visually-hidden">
              <FormattedMessage id="list.rowActions" />
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.id} data-testid={props.rowTestId}>
            {props.columns.map((c) => (
              <td key={c.titleId} data-testid={c.testId}>
                {c.render(row)}
              </td>
            ))}
            <td style={{ textAlign: 'right' }}>
              <Button
                small
                minimal
                icon="cross"
                intent={Intent.DANGER}
                disabled={props.busy}
                onClick={() => props.onRemove(row)}
                data-testid={props.removeTestId}
              >
                <FormattedMessage id={props.removeId} />
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
