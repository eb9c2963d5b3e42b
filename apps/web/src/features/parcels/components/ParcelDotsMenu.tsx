import { Alert, Button, Intent, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { contract, type OrderType, type ParcelStatus } from '@depot/contracts';
import { cancellationOf, returnProblem } from '@depot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { routeKey } from '../../../api/query';
import { canAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { useLabels } from '../../labels/hooks/useLabels';
import { parcelsApi } from '../api';
import { useCancelParcel } from '../hooks/useCancelParcel';
import { cloneLink } from '../pages/ParcelFormPage';
import { GenerateCopiesDialog } from './GenerateCopiesDialog';

/** What the dots menu needs of a parcel (a list row or the whole parcel). */
export interface DotsMenuParcel {
  id: string;
  internalNumber: string;
  status: ParcelStatus;
  orderType: OrderType;
  /** Known on the details page; a list row leaves it out and the server decides. */
  returnParcelId?: string | null;
}

/**
 * SPEC 2's parcel dots menu: get label (the PDF, with SPEC 8's notices), create the return parcel when one can be
 * made, clone parcel and clone order (/orders/create pre-filled, decision 0077), the return's label and generating
 * copies (decision 0097), and cancelling the parcel after a confirmation (a new one at once, one handed over through
 * its carrier, decision 0100). Items follow the permissions.
 */
export function ParcelDotsMenu(props: { parcel: DotsMenuParcel }) {
  const { parcel } = props;
  const intl = useIntl();
  const can = useAtomValue(canAtom);
  const navigate = useNavigate();
  const notify = useNotify();
  const { printLabel, busy: printing } = useLabels();
  const [returning, setReturning] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const queryClient = useQueryClient();
  const { cancel, busy: cancelling } = useCancelParcel(() => {
    // A new parcel cancelled at once is kept (decision 0115): its page reads it again, now canceled.
    void queryClient.invalidateQueries({
      queryKey: routeKey(contract.parcels.get, { params: { id: parcel.id } }),
      exact: true,
    });
  });
  const mayCancel = can('parcels.cancel') && cancellationOf(parcel.status).kind !== 'refused';

  const mayReturn =
    can('parcels.cancel') &&
    returnProblem({
      orderType: parcel.orderType,
      status: parcel.status,
      hasReturn: !!parcel.returnParcelId,
    }) === null;

  const createReturn = () => {
    setReturning(true);
    parcelsApi.createReturn(parcel.id).then(
      (created) => {
        notify.success({ id: 'parcelMenu.returnCreated', values: { number: created.internalNumber } });
        navigate(`/orders/edit/${created.id}`);
      },
      (err: unknown) => {
        setReturning(false);
        notify.failure(err);
      },
    );
  };

  const menu = (
    <Menu data-testid="parcel-menu">
      {can('parcels.label') ? (
        <MenuItem
          icon="print"
          text={<FormattedMessage id="parcelMenu.label" />}
          disabled={printing}
          onClick={() => void printLabel(parcel.id)}
          data-testid="parcel-menu-label"
        />
      ) : null}
      {can('parcels.label') && parcel.returnParcelId ? (
        <MenuItem
          icon="print"
          text={<FormattedMessage id="parcelMenu.returnLabel" />}
          disabled={printing}
          onClick={() => void printLabel(parcel.id, { isReturn: true })}
          data-testid="parcel-menu-return-label"
        />
      ) : null}
      {mayReturn ? (
        <MenuItem
          icon="undo"
          text={<FormattedMessage id="parcelMenu.createReturn" />}
          disabled={returning}
          onClick={createReturn}
          data-testid="parcel-menu-return"
        />
      ) : null}
      {mayCancel ? (
        <MenuItem
          icon="cross"
          intent={Intent.DANGER}
          text={<FormattedMessage id="parcelMenu.cancel" />}
          disabled={cancelling}
          onClick={() => setConfirmCancel(true)}
          data-testid="parcel-menu-cancel"
        />
      ) : null}
      {can('parcels.create') ? (
        <>
          <MenuDivider />
          <MenuItem
            icon="duplicate"
            text={<FormattedMessage id="parcelMenu.cloneParcel" />}
            onClick={() => navigate(cloneLink(parcel.id, 'parcel'))}
            data-testid="parcel-menu-clone-parcel"
          />
          <MenuItem
            icon="clipboard"
            text={<FormattedMessage id="parcelMenu.cloneOrder" />}
            onClick={() => navigate(cloneLink(parcel.id, 'order'))}
            data-testid="parcel-menu-clone-order"
          />
          <MenuItem
            icon="layers"
            text={<FormattedMessage id="parcelMenu.generate" />}
            onClick={() => setGenerating(true)}
            data-testid="parcel-menu-generate"
          />
        </>
      ) : null}
    </Menu>
  );

  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button
          icon="more"
          variant="minimal"
          loading={printing || returning || cancelling}
          aria-label={intl.formatMessage({ id: 'parcelMenu.open' })}
          data-testid="parcel-menu-open"
        />
      </PopoverNext>
      <Alert
        isOpen={confirmCancel}
        intent={Intent.DANGER}
        icon="cross"
        cancelButtonText={intl.formatMessage({ id: 'parcelMenu.keep' })}
        confirmButtonText={intl.formatMessage({ id: 'parcelMenu.cancelConfirm' })}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          void cancel(parcel);
        }}
      >
        <p data-testid="parcel-cancel-question">
          <FormattedMessage id="parcelMenu.cancelQuestion" values={{ number: parcel.internalNumber }} />
        </p>
      </Alert>
      {generating ? (
        <GenerateCopiesDialog parcelId={parcel.id} isOpen onClose={() => setGenerating(false)} />
      ) : null}
    </>
  );
}
