import { Button, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { canAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { ParcelsMassActions as Actions, ParcelsSelection } from '../hooks/useParcelsListMassActions';
import type { RefreshStatuses, SendToCarrier } from '../hooks/useRefreshStatuses';

/**
 * The buttons acting on the list's selection (shown in the list's footer while rows are selected): print their
 * labels, send them to their carriers (decision 0147), ask their carriers for their statuses now (decision 0145), and delete/cancel them after an "I understand"
 * confirmation naming how many (decision 0072).
 */
export function ParcelsMassActions(props: {
  actions: Actions;
  refresh: RefreshStatuses;
  send: SendToCarrier;
  selection: ParcelsSelection;
  count: number;
  /** Select-all over a capped total (decision 0084): more than `count` parcels are selected. */
  countIsLowerBound?: boolean;
}) {
  const can = useAtomValue(canAtom);
  const [confirming, setConfirming] = useState(false);
  const { actions, selection, count } = props;
  return (
    <>
      {can('parcels.label') ? (
        <Button
          small
          icon="print"
          loading={actions.busy}
          onClick={() => void actions.printSelected(selection)}
          data-testid="parcels-print-labels"
        >
          <FormattedMessage id="parcels.action.printLabels" />
        </Button>
      ) : null}
      {can('parcels.route') ? (
        <Button
          small
          icon="send-message"
          loading={props.send.busy}
          disabled={props.send.job?.phase === 'running'}
          onClick={() => void props.send.start(selection)}
          data-testid="parcels-send-to-carrier"
        >
          <FormattedMessage id="parcels.action.sendToCarrier" />
        </Button>
      ) : null}
      {can('parcels.route') ? (
        <Button
          small
          icon="refresh"
          loading={props.refresh.busy}
          disabled={props.refresh.job?.phase === 'running'}
          onClick={() => void props.refresh.start(selection)}
          data-testid="parcels-refresh-statuses"
        >
          <FormattedMessage id="parcels.action.refreshStatuses" />
        </Button>
      ) : null}
      {can('parcels.cancel') ? (
        <Button
          small
          icon="trash"
          intent={Intent.DANGER}
          disabled={actions.busy}
          onClick={() => setConfirming(true)}
          data-testid="parcels-delete-selected"
        >
          <FormattedMessage id="parcels.action.deleteSelected" />
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        titleId="parcels.delete.title"
        messageId={props.countIsLowerBound ? 'parcels.delete.confirmMoreThan' : 'parcels.delete.confirm'}
        values={{ count }}
        understand
        intent={Intent.DANGER}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void actions.deleteSelected(selection);
        }}
      />
    </>
  );
}
