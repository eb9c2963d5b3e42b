import { Button, Callout, Card, H2, Intent } from '@blueprintjs/core';
import { contract, type CarrierRegistrationView, type ParcelView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { callFile } from '../../../api/contract-client';
import { routeKey, useRouteQuery, useSetRouteData } from '../../../api/query';
import { useLiveRecord } from '../../../realtime/useLiveRecord';
import { canAtom } from '../../../session/session';
import { saveBlob } from '../../../ui/export/saveFile';
import { formatDateTime } from '../../../ui/format';
import { Tag } from '../../../ui/Tag';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useNotify } from '../../../ui/useNotify';
import { parcelsApi } from '../api';
import { carrierFieldLabel } from '../carrierErrors';

/**
 * The parcel at its carrier (decision 0147): whether it is registered there (with the carrier's label to download),
 * refused with the carrier's errors per field (each names the form's field; "Send again" after correcting), or
 * waiting for an answer the sweep asks again for, with the reason and when; "Send to carrier" while it is new. A
 * carrier that is the demo sandbox says so. Live: it follows the parcel's changes.
 */
export function ParcelDetailsRegistration(props: { parcel: ParcelView }) {
  const { parcel } = props;
  const input = { params: { id: parcel.id } };
  const query = useRouteQuery(contract.carrierRegistration.get, input);
  const setRegistration = useSetRouteData(contract.carrierRegistration.get, input);
  useLiveRecord({ list: 'parcels', id: parcel.id, key: routeKey(contract.carrierRegistration.get, input) });
  useFailureToast(query.error);
  const r = query.data;
  if (!r || !parcel.operatorName) return null;
  return (
    <Card className="depot-parcel-section" data-testid="parcel-registration">
      <H2>
        <FormattedMessage id="parcelDetails.section.registration" />{' '}
        {r.sandbox ? (
          <Tag minimal intent={Intent.WARNING} data-testid="parcel-registration-sandbox">
            <FormattedMessage id="carriers.sandbox" />
          </Tag>
        ) : null}
      </H2>
      <RegistrationState registration={r} />
      <RegistrationActions parcel={parcel} registration={r} onSent={setRegistration} />
    </Card>
  );
}

function RegistrationState({ registration: r }: { registration: CarrierRegistrationView }) {
  const intl = useIntl();
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  switch (r.state) {
    case 'registered':
      return (
        <p data-testid="parcel-registration-state" data-state="registered">
          <FormattedMessage
            id="parcelDetails.registration.registered"
            values={{ when: when(r.registeredAt) }}
          />
        </p>
      );
    case 'pending':
      return (
        <p data-testid="parcel-registration-state" data-state="pending">
          <FormattedMessage id="parcelDetails.registration.pending" />
        </p>
      );
    case 'unavailable':
      return (
        <Callout intent={Intent.WARNING} data-testid="parcel-registration-state" data-state="unavailable">
          <FormattedMessage
            id="parcelDetails.registration.unavailable"
            values={{ reason: r.reason ?? '', attempts: r.attempts, when: when(r.nextAttemptAt) }}
          />
        </Callout>
      );
    case 'rejected':
      return (
        <Callout intent={Intent.DANGER} data-testid="parcel-registration-state" data-state="rejected">
          <p>
            <FormattedMessage id="parcelDetails.registration.rejected" />
          </p>
          <ul data-testid="parcel-registration-errors">
            {r.errors.map((e, i) => {
              const label = e.field ? carrierFieldLabel(e.field) : null;
              const name = label
                ? [label.section, label.field]
                    .filter((id): id is string => id !== null)
                    .map((id) => intl.formatMessage({ id }))
                    .join(' – ')
                : null;
              return (
                <li key={i} data-testid="parcel-registration-error" data-field={e.field ?? ''}>
                  {name ? <strong>{name}: </strong> : null}
                  {e.message}
                </li>
              );
            })}
          </ul>
        </Callout>
      );
    default:
      return (
        <p data-testid="parcel-registration-state" data-state="none">
          <FormattedMessage
            id={r.canRegister ? 'parcelDetails.registration.none' : 'parcelDetails.registration.notConnected'}
          />
        </p>
      );
  }
}

function RegistrationActions(props: {
  parcel: ParcelView;
  registration: CarrierRegistrationView;
  onSent: (r: CarrierRegistrationView) => void;
}) {
  const { parcel, registration: r } = props;
  const can = useAtomValue(canAtom);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const sendable =
    can('parcels.route') &&
    r.canRegister &&
    parcel.status === 'new' &&
    r.state !== 'registered' &&
    r.state !== 'pending' &&
    !parcel.externalNumber;

  const send = async () => {
    setBusy(true);
    try {
      const reply = await parcelsApi.sendOneToCarrier(parcel.id);
      props.onSent(reply);
      if (reply.state === 'registered') notify.success({ id: 'parcelDetails.registration.sent' });
      else if (reply.state === 'rejected') notify.error({ id: 'parcelDetails.registration.refused' });
      else notify.warning({ id: 'parcelDetails.registration.noAnswer' });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    try {
      const reply = await callFile(contract.carrierRegistration.label, { params: { id: parcel.id } });
      if (reply.kind === 'file') saveBlob(reply.blob, reply.fileName ?? `${parcel.internalNumber}-carrier`);
    } catch (err) {
      notify.failure(err);
    }
  };

  return (
    <div className="depot-button-row">
      {sendable ? (
        <Button
          icon="send-message"
          loading={busy}
          onClick={() => void send()}
          data-testid="parcel-send-to-carrier"
        >
          <FormattedMessage
            id={r.state === null ? 'parcelDetails.registration.send' : 'parcelDetails.registration.sendAgain'}
          />
        </Button>
      ) : null}
      {r.state === 'registered' && r.labelFormat && can('parcels.label') ? (
        <Button icon="print" onClick={() => void download()} data-testid="parcel-carrier-label">
          <FormattedMessage
            id="parcelDetails.registration.label"
            values={{ format: r.labelFormat.toUpperCase() }}
          />
        </Button>
      ) : null}
    </div>
  );
}
