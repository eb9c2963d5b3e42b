import { Classes, H6, HTMLTable, Switch } from '@blueprintjs/core';
import type { LogChangeRow, LogDetailRow } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LogFieldNameView, LogValueView } from './LogValueView';

const CHANGED_STYLE = { background: 'rgba(251, 179, 96, 0.3)' } as const;
const ARROW_STYLE = { width: 16, textAlign: 'center' } as const;
const TABLE_STYLE = { width: '100%', marginTop: 8 } as const;

/**
 * Before → after, one field per row (decision 0111): the changed fields, and the unchanged ones on request. A
 * creation has no before and a deletion no after, so that column is left out.
 */
export function LogChangesTable(props: { rows: LogChangeRow[]; hasBefore: boolean; hasAfter: boolean }) {
  const intl = useIntl();
  const { rows, hasBefore, hasAfter } = props;
  const [showUnchanged, setShowUnchanged] = useState(false);
  if (rows.length === 0) return null;

  const changed = rows.filter((r) => r.changed).length;
  const unchanged = rows.length - changed;
  const shown = showUnchanged ? rows : rows.filter((r) => r.changed);

  return (
    <div>
      <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }} data-testid="log-changed-count">
        <FormattedMessage id="logs.changedCount" values={{ count: changed }} />
      </p>
      {unchanged > 0 ? (
        <Switch
          checked={showUnchanged}
          onChange={(e) => setShowUnchanged(e.currentTarget.checked)}
          label={intl.formatMessage({ id: 'logs.showUnchanged' }, { count: unchanged })}
          data-testid="log-show-unchanged"
        />
      ) : null}
      {shown.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="log-no-changes">
          <FormattedMessage id="logs.noChanges" />
        </p>
      ) : (
        <HTMLTable compact bordered style={TABLE_STYLE} data-testid="log-diff">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="logs.key" />
              </th>
              {hasBefore ? (
                <th scope="col">
                  <FormattedMessage id="logs.before" />
                </th>
              ) : null}
              {hasBefore && hasAfter ? <td aria-hidden style={ARROW_STYLE} /> : null}
              {hasAfter ? (
                <th scope="col">
                  <FormattedMessage id="logs.after" />
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.path}
                data-testid="log-diff-row"
                data-key={r.path}
                data-changed={r.changed ? 'true' : 'false'}
                style={r.changed && showUnchanged ? CHANGED_STYLE : undefined}
              >
                <th scope="row" data-testid="log-diff-field">
                  <LogFieldNameView name={r.name} />
                </th>
                {hasBefore ? (
                  <td data-testid="log-diff-before">
                    <LogValueView value={r.before} />
                  </td>
                ) : null}
                {hasBefore && hasAfter ? (
                  <td aria-hidden style={ARROW_STYLE}>
                    →
                  </td>
                ) : null}
                {hasAfter ? (
                  <td data-testid="log-diff-after">
                    <LogValueView value={r.after} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

/** The entry's details (what the change did beside its data: the session opened, the labels printed…). */
export function LogDetailsTable(props: { rows: LogDetailRow[] }) {
  const { rows } = props;
  if (rows.length === 0) return null;
  return (
    <div>
      <H6 style={{ marginTop: 12, marginBottom: 0 }}>
        <FormattedMessage id="logs.details" />
      </H6>
      <HTMLTable compact bordered style={TABLE_STYLE} data-testid="log-details-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="logs.key" />
            </th>
            <th scope="col">
              <FormattedMessage id="logs.value" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.path} data-testid="log-detail-row" data-key={r.path}>
              <th scope="row" data-testid="log-detail-field">
                <LogFieldNameView name={r.name} />
              </th>
              <td data-testid="log-detail-value">
                <LogValueView value={r.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
