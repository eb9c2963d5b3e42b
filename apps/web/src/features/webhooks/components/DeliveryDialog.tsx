import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import { contract, type WebhookDeliveryDetail } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { Modal } from '../../../ui/Modal';
import { QueryGate } from '../../../ui/QueryGate';
import { Tag } from '../../../ui/Tag';
import { EVENT_WORDS, STATE_INTENTS, STATE_WORDS } from '../words';
import { formatInstant } from './DeliveryLog';

/** The body a delivery sends, laid out to read (it is sent as one line, signed as sent). */
const pretty = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** One delivery: its event, state, the body it sends and every attempt with its reply code; "Send again". */
export function DeliveryDialog(props: {
  deliveryId: string | null;
  canReplay: boolean;
  onReplay: (d: WebhookDeliveryDetail) => void;
  onClose: () => void;
}) {
  return props.deliveryId ? <Open {...props} deliveryId={props.deliveryId} /> : null;
}

function Open(props: Parameters<typeof DeliveryDialog>[0] & { deliveryId: string }) {
  const query = useRouteQuery(contract.webhooks.delivery, { params: { id: props.deliveryId } });
  return (
    <Modal
      isOpen
      title={<FormattedMessage id="webhooks.deliveryTitle" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="delivery-close">
            <FormattedMessage id="webhooks.close" />
          </Button>
          {props.canReplay && query.data ? (
            <Button
              intent={Intent.PRIMARY}
              icon="refresh"
              onClick={() => {
                props.onReplay(query.data);
                props.onClose();
              }}
              data-testid="delivery-dialog-replay"
            >
              <FormattedMessage id="webhooks.replay" />
            </Button>
          ) : null}
        </>
      }
    >
      <QueryGate query={query}>{(d) => <Detail delivery={d} />}</QueryGate>
    </Modal>
  );
}

function Detail({ delivery: d }: { delivery: WebhookDeliveryDetail }) {
  const intl = useIntl();
  return (
    <div data-testid="delivery-detail">
      <p>
        <FormattedMessage id={EVENT_WORDS[d.event]} /> <code className="depot-monospace">{d.event}</code>{' '}
        <Tag minimal intent={STATE_INTENTS[d.state]}>
          <FormattedMessage id={STATE_WORDS[d.state]} />
        </Tag>
      </p>
      <p className="depot-monospace" data-testid="delivery-id">
        <FormattedMessage id="webhooks.delivery.id" values={{ id: d.id }} />
      </p>
      <h3 className="bp6-heading">
        <FormattedMessage id="webhooks.delivery.attemptsTitle" />
      </h3>
      {d.attemptsLog.length === 0 ? (
        <p>
          <FormattedMessage id="webhooks.delivery.noAttempt" />
        </p>
      ) : (
        <HTMLTable compact striped className="depot-table-full" data-testid="delivery-attempts">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">
                <FormattedMessage id="webhooks.delivery.startedAt" />
              </th>
              <th scope="col">
                <FormattedMessage id="webhooks.delivery.reply" />
              </th>
              <th scope="col">
                <FormattedMessage id="webhooks.delivery.duration" />
              </th>
            </tr>
          </thead>
          <tbody>
            {d.attemptsLog.map((a) => (
              <tr key={a.attempt} data-testid="delivery-attempt">
                <td>
                  {intl.formatNumber(a.attempt)}
                  {a.manual ? (
                    <>
                      {' '}
                      <Tag minimal>
                        <FormattedMessage id="webhooks.delivery.manual" />
                      </Tag>
                    </>
                  ) : null}
                </td>
                <td>{formatInstant(a.startedAt)}</td>
                <td data-testid="attempt-reply">
                  {a.statusCode !== null ? <span className="depot-monospace">{a.statusCode}</span> : a.error}
                  {a.responseExcerpt ? (
                    <div className="depot-monospace depot-excerpt" title={a.responseExcerpt}>
                      {a.responseExcerpt.slice(0, 200)}
                    </div>
                  ) : null}
                </td>
                <td>
                  <FormattedMessage id="webhooks.delivery.ms" values={{ ms: a.durationMs }} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <h3 className="bp6-heading">
        <FormattedMessage id="webhooks.delivery.body" />
      </h3>
      <pre className="depot-monospace depot-code-block" tabIndex={0} data-testid="delivery-body">
        {pretty(d.body)}
      </pre>
    </div>
  );
}
