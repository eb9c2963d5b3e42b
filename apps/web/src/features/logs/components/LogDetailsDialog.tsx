import { Button, Classes, HTMLTable, Spinner } from '@blueprintjs/core';
import { contract } from '@depot/contracts';
import { sideBySide } from '@depot/domain';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteQueryWith } from '../../../api/query';
import { formatDateTime } from '../../../ui/format';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useLogLabels } from '../useLogLabels';

const CHANGED_STYLE = { background: 'rgba(251, 179, 96, 0.3)' } as const;
const VALUE_STYLE = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 220 } as const;

/** A recorded value as text: strings as they are, anything else as JSON; an absent one as "(none)". */
function Value(props: { value: unknown }) {
  if (props.value === undefined)
    return (
      <span className={Classes.TEXT_MUTED}>
        <FormattedMessage id="logs.absent" />
      </span>
    );
  const text = typeof props.value === 'string' ? props.value : JSON.stringify(props.value, null, 1);
  return <code style={VALUE_STYLE}>{text}</code>;
}

/** One log entry: who, what and when, and its data before and after side by side, changed fields marked. */
export function LogDetailsDialog(props: { entryId: string | null; onClose: () => void }) {
  const notify = useNotify();
  const labels = useLogLabels();
  const { entryId, onClose } = props;
  const query = useRouteQueryWith({ enabled: entryId !== null }, contract.logs.get, {
    params: { id: entryId ?? '' },
  });
  const entry = entryId ? (query.data ?? null) : null;

  // An entry that cannot be read says why and closes.
  useEffect(() => {
    if (!query.error) return;
    notify.failure(query.error);
    onClose();
  }, [query.error, notify, onClose]);

  const rows = entry ? sideBySide(entry.before, entry.after) : [];
  const changed = rows.filter((r) => r.changed).length;

  return (
    <Modal
      isOpen={entryId !== null}
      title={<FormattedMessage id="logs.detailsTitle" values={{ name: entryId ?? '' }} />}
      onClose={onClose}
      footer={
        <Button onClick={onClose} data-testid="log-close">
          <FormattedMessage id="logs.close" />
        </Button>
      }
    >
      {!entry ? (
        <Spinner />
      ) : (
        <div data-testid="log-details">
          <HTMLTable compact style={{ width: '100%' }}>
            <tbody>
              <tr>
                <th>
                  <FormattedMessage id="logs.field.createdAt" />
                </th>
                <td>{formatDateTime(entry.createdAt)}</td>
              </tr>
              <tr>
                <th>
                  <FormattedMessage id="logs.field.type" />
                </th>
                <td data-testid="log-details-type">{labels.type(entry.type)}</td>
              </tr>
              <tr>
                <th>
                  <FormattedMessage id="logs.field.entity" />
                </th>
                <td>
                  {labels.entity(entry.entity)} <code>{entry.entityId}</code>
                </td>
              </tr>
              <tr>
                <th>
                  <FormattedMessage id="logs.field.author" />
                </th>
                <td>{labels.author(entry)}</td>
              </tr>
            </tbody>
          </HTMLTable>
          {rows.length === 0 ? (
            <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
              <FormattedMessage id="logs.noData" />
            </p>
          ) : (
            <>
              <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }} data-testid="log-changed-count">
                <FormattedMessage id="logs.changedCount" values={{ count: changed }} />
              </p>
              <HTMLTable compact bordered style={{ width: '100%' }} data-testid="log-diff">
                <thead>
                  <tr>
                    <th>
                      <FormattedMessage id="logs.key" />
                    </th>
                    <th>
                      <FormattedMessage id="logs.before" />
                    </th>
                    <th>
                      <FormattedMessage id="logs.after" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr
                      key={r.key}
                      data-testid="log-diff-row"
                      data-key={r.key}
                      data-changed={r.changed ? 'true' : 'false'}
                      style={r.changed ? CHANGED_STYLE : undefined}
                    >
                      <td>
                        <strong>{r.key}</strong>
                      </td>
                      <td data-testid="log-diff-before">
                        <Value value={r.before} />
                      </td>
                      <td data-testid="log-diff-after">
                        <Value value={r.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </>
          )}
          {entry.details !== null && entry.details !== undefined ? (
            <>
              <p style={{ marginTop: 8 }}>
                <strong>
                  <FormattedMessage id="logs.details" />
                </strong>
              </p>
              <Value value={entry.details} />
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
