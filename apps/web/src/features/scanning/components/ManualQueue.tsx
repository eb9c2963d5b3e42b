import { Button, H2, HTMLTable } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QueuedScan } from '../outbox';

/** Manual sending: the scans waiting for "Send all", each removable, with what the lookup said of it. */
export function ManualQueue(props: {
  items: readonly QueuedScan[];
  onRemove: (scanId: string) => void;
  onSendAll: () => void;
}) {
  const intl = useIntl();
  const { items } = props;
  return (
    <section className="depot-scan-queue" aria-labelledby="scan-queue-title" data-testid="scan-queue">
      <div className="depot-page-header">
        <H2 id="scan-queue-title" className="depot-scan-h2">
          <FormattedMessage id="scanning.queue.title" values={{ count: items.length }} />
        </H2>
        <Button
          intent="primary"
          icon="send-message"
          disabled={!items.length}
          onClick={props.onSendAll}
          data-testid="scan-send-all"
        >
          <FormattedMessage id="scanning.queue.sendAll" />
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="bp6-text-muted" data-testid="scan-queue-empty">
          <FormattedMessage id="scanning.queue.empty" />
        </p>
      ) : (
        <HTMLTable compact striped className="depot-scan-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="scans.field.number" />
              </th>
              <th scope="col">
                <FormattedMessage id="scans.field.sector" />
              </th>
              <th scope="col">
                <FormattedMessage id="scanning.field.currentStatus" />
              </th>
              <th scope="col">
                <span className="bp6-text-muted">
                  <FormattedMessage id="scanning.queue.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.scanId} data-testid="scan-queue-row">
                <td data-testid="scan-queue-number">{s.number}</td>
                <td>
                  {s.seen ? (
                    (s.seen.sector ?? <FormattedMessage id="sectors.none" />)
                  ) : (
                    <FormattedMessage id="scanning.queue.unchecked" />
                  )}
                </td>
                <td>{s.seen ? <FormattedMessage id={`parcels.status.${s.seen.status}`} /> : null}</td>
                <td>
                  <Button
                    minimal
                    small
                    icon="cross"
                    aria-label={intl.formatMessage({ id: 'scanning.queue.remove' }, { number: s.number })}
                    onClick={() => props.onRemove(s.scanId)}
                    data-testid="scan-queue-remove"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
