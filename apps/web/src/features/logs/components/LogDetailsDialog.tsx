import { Button, Classes, HTMLTable, Spinner } from '@blueprintjs/core';
import { contract } from '@depot/contracts';
import { logChangeRows, logDetailRows, logSideRecorded } from '@depot/domain';
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQueryWith } from '../../../api/query';
import { formatDateTime } from '../../../ui/format';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useLogLabels } from '../useLogLabels';
import { LogChangesTable, LogDetailsTable } from './LogDataTables';

/** One log entry: who, what and when, its data before → after field by field, and its details, all in words. */
export function LogDetailsDialog(props: { entryId: string | null; onClose: () => void }) {
  const notify = useNotify();
  const { messages } = useIntl();
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

  const data = useMemo(
    () =>
      entry && {
        changes: logChangeRows(messages, entry.entity, entry.before, entry.after),
        details: logDetailRows(messages, entry.entity, entry.details),
      },
    [entry, messages],
  );

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
      {!entry || !data ? (
        <Spinner />
      ) : (
        <div data-testid="log-details">
          <HTMLTable compact style={{ width: '100%' }}>
            <tbody>
              <tr>
                <th scope="row">
                  <FormattedMessage id="logs.field.createdAt" />
                </th>
                <td>{formatDateTime(entry.createdAt)}</td>
              </tr>
              <tr>
                <th scope="row">
                  <FormattedMessage id="logs.field.type" />
                </th>
                <td data-testid="log-details-type">{labels.type(entry.type)}</td>
              </tr>
              <tr>
                <th scope="row">
                  <FormattedMessage id="logs.field.entity" />
                </th>
                <td>
                  {labels.entity(entry.entity)} <code>{entry.entityId}</code>
                </td>
              </tr>
              <tr>
                <th scope="row">
                  <FormattedMessage id="logs.field.author" />
                </th>
                <td data-testid="log-details-author">
                  {labels.author(entry)}
                  {entry.authorName?.trim() && entry.authorEmail ? (
                    <span className={Classes.TEXT_MUTED}> ({entry.authorEmail})</span>
                  ) : null}
                </td>
              </tr>
            </tbody>
          </HTMLTable>
          {data.changes.length === 0 && data.details.length === 0 ? (
            // Nothing recorded beside who, what and when: said once, instead of two empty tables.
            <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
              <FormattedMessage id="logs.noData" />
            </p>
          ) : null}
          <LogChangesTable
            key={entry.id}
            rows={data.changes}
            hasBefore={logSideRecorded(entry.before)}
            hasAfter={logSideRecorded(entry.after)}
          />
          <LogDetailsTable rows={data.details} />
        </div>
      )}
    </Modal>
  );
}
