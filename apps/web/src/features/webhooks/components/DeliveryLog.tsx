import { Button } from '@blueprintjs/core';
import {
  rooms,
  WEBHOOK_DELIVERY_STATES,
  type WebhookDeliveryListFilters,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookView,
} from '@depot/contracts';
import { webhookDeliveriesListSpec, type ListOrder, type WebhookDeliverySortField } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canAtom, currentUserAtom } from '../../../session/session';
import { formatDateTime } from '../../../ui/format';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SelectFilter } from '../../../ui/list/ListFilters';
import { useLiveList } from '../../../ui/list/useLiveList';
import { Tag } from '../../../ui/Tag';
import { useNotify } from '../../../ui/useNotify';
import { webhooksApi } from '../api';
import { EVENT_WORDS, STATE_INTENTS, STATE_WORDS } from '../words';
import { DeliveryDialog } from './DeliveryDialog';

const ORDER: ListOrder<WebhookDeliverySortField> = { field: 'createdAt', direction: 'desc' };
const NO_SORT = () => undefined;

/** A time to the second (attempts are seconds apart): the panel's date and time, then its seconds. */
export const formatInstant = (iso: string): string =>
  `${formatDateTime(iso)}:${String(new Date(iso).getUTCSeconds()).padStart(2, '0')}`;

/**
 * An endpoint's delivery log (decision 0146), newest first and live: each delivery's event, state, attempts, the
 * last reply code (or why there was none) and the next attempt. A delivery opens its body and attempts; "Send again"
 * replays it now.
 */
export function DeliveryLog(props: { endpoint: WebhookView }) {
  const { endpoint } = props;
  const intl = useIntl();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [state, setState] = useState<WebhookDeliveryState | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const filters = useMemo<WebhookDeliveryListFilters>(
    () => ({ endpointId: endpoint.id, ...(state ? { state } : {}) }),
    [endpoint.id, state],
  );
  const list = useLiveList({
    entity: 'webhookDeliveries',
    live: can('webhooks.read'),
    room: me?.clientId ? rooms.clientList('webhookDeliveries', me.clientId) : undefined,
    filters,
    orderBy: ORDER,
    fetchPage: ({ cursor, filters: f, limit }) =>
      webhooksApi.deliveries(endpoint.id, { cursor, limit, filters: f.state ? { state: f.state } : {} }),
    ...webhookDeliveriesListSpec,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const replay = (d: WebhookDeliveryView) =>
    webhooksApi.replay(d.id).then(() => notify.success({ id: 'webhooks.replayed' }), notify.failure);

  const columns = useMemo<ListColumn<WebhookDeliveryView>[]>(() => {
    const action = (d: WebhookDeliveryView) => {
      const details = intl.formatMessage({ id: 'webhooks.deliveryDetails' });
      const again = intl.formatMessage({ id: 'webhooks.replay' });
      return (
        <span className="depot-row-actions">
          <Button
            small
            minimal
            icon="eye-open"
            title={details}
            aria-label={details}
            onClick={() => setOpen(d.id)}
            data-testid="delivery-open"
          />
          {can('webhooks.write') ? (
            <Button
              small
              minimal
              icon="refresh"
              title={again}
              aria-label={again}
              disabled={!endpoint.active}
              onClick={() => void replay(d)}
              data-testid="delivery-replay"
            />
          ) : null}
        </span>
      );
    };
    return [
      {
        id: 'createdAt',
        titleId: 'webhooks.delivery.createdAt',
        width: 160,
        render: (d) => formatInstant(d.createdAt),
      },
      {
        id: 'event',
        titleId: 'webhooks.delivery.event',
        width: 170,
        render: (d) => <FormattedMessage id={EVENT_WORDS[d.event]} />,
      },
      {
        id: 'state',
        titleId: 'webhooks.delivery.state',
        width: 110,
        render: (d) => (
          <Tag minimal intent={STATE_INTENTS[d.state]} data-testid="delivery-state">
            <FormattedMessage id={STATE_WORDS[d.state]} />
          </Tag>
        ),
      },
      {
        id: 'attempts',
        titleId: 'webhooks.delivery.attempts',
        width: 90,
        render: (d) => intl.formatNumber(d.attempts),
      },
      {
        id: 'reply',
        titleId: 'webhooks.delivery.reply',
        width: 220,
        render: (d) =>
          d.lastStatusCode !== null ? (
            <span className="depot-monospace">{d.lastStatusCode}</span>
          ) : d.lastError ? (
            <span title={d.lastError}>{d.lastError}</span>
          ) : (
            <FormattedMessage id="webhooks.delivery.noAttempt" />
          ),
      },
      {
        id: 'nextAttemptAt',
        titleId: 'webhooks.delivery.nextAttemptAt',
        width: 160,
        render: (d) => (d.nextAttemptAt ? formatInstant(d.nextAttemptAt) : ''),
      },
      { id: 'actions', titleId: 'webhooks.actions', width: 90, interactive: true, render: action },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- replay reads only the notify and the api
  }, [intl, can, endpoint.active]);

  return (
    <>
      <DenseList
        testId="webhook-deliveries"
        listId="webhook-deliveries"
        list={list}
        columns={columns}
        sort={ORDER}
        onSort={NO_SORT}
        onOpen={(d) => setOpen(d.id)}
        filters={
          <SelectFilter
            value={state}
            onChange={setState}
            values={WEBHOOK_DELIVERY_STATES}
            labelOf={(s) => STATE_WORDS[s]}
            anyId="webhooks.anyDeliveryState"
            ariaLabelId="webhooks.delivery.state"
            testId="webhook-deliveries-filter-state"
          />
        }
      />
      <DeliveryDialog
        deliveryId={open}
        canReplay={can('webhooks.write') && endpoint.active}
        onReplay={(d) => void replay(d)}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
