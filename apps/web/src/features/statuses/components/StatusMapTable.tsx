import { Checkbox, HTMLTable } from '@blueprintjs/core';
import type { StatusMapRow } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { useStatusMapDraft } from '../useStatusMapDraft';
import { StatusSelect } from './StatusSelect';

/** The codes of one carrier type, each with the status it means and its terminal flag, edited in place. */
export function StatusMapTable(props: {
  rows: readonly StatusMapRow[];
  draft: ReturnType<typeof useStatusMapDraft>;
  disabled: boolean;
}) {
  const intl = useIntl();
  return (
    <HTMLTable compact striped className="depot-status-map-table" data-testid="status-map-table">
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="statuses.field.code" />
          </th>
          <th scope="col">
            <FormattedMessage id="statuses.field.description" />
          </th>
          <th scope="col">
            <FormattedMessage id="statuses.field.dbName" />
          </th>
          <th scope="col">
            <FormattedMessage id="statuses.field.isTerminal" />
          </th>
          <th scope="col">
            <FormattedMessage id="statuses.field.seenCount" />
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => {
          const v = props.draft.valueOf(r);
          const changed = props.draft.changed(r.code);
          return (
            <tr
              key={r.id}
              data-testid="status-map-row"
              data-code={r.code}
              data-changed={changed || undefined}
            >
              <td>
                <code>{r.code}</code>
                {changed ? (
                  <span className="depot-changed-mark">
                    {' '}
                    <FormattedMessage id="statuses.changed" />
                  </span>
                ) : null}
              </td>
              <td>{r.description}</td>
              <td style={{ minWidth: 200 }}>
                <StatusSelect
                  value={v.dbName}
                  allowUnmapped
                  onChange={(dbName) => props.draft.set(r, { dbName: dbName === '' ? null : dbName })}
                  ariaLabel={intl.formatMessage({ id: 'statuses.statusOf' }, { code: r.code })}
                  testId="status-map-row-status"
                  disabled={props.disabled}
                />
              </td>
              <td>
                <Checkbox
                  checked={v.isTerminal}
                  onChange={(e) => props.draft.set(r, { isTerminal: e.currentTarget.checked })}
                  aria-label={intl.formatMessage({ id: 'statuses.terminalOf' }, { code: r.code })}
                  disabled={props.disabled}
                  data-testid="status-map-row-terminal"
                />
              </td>
              <td>{r.seenCount > 0 ? r.seenCount : null}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
