import { Button, Card, FormGroup, H2, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { PARCEL_STATUSES, type ParcelStatus, type ParcelView } from '@depot/contracts';
import { statusChangeProblem } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNotify } from '../../../ui/useNotify';
import { parcelsApi } from '../api';

/**
 * Setting a status by hand with a note (PUT /order/{id}/status; staff with operating.scan). Only the statuses the
 * shared rule allows from the current one are offered (never new or to cancel, nothing after cancelled).
 */
export function ParcelDetailsStatus(props: { parcel: ParcelView; onChanged: (p: ParcelView) => void }) {
  const { parcel } = props;
  const intl = useIntl();
  const notify = useNotify();
  const allowed = PARCEL_STATUSES.filter((s) => statusChangeProblem(parcel.status, s) === null);
  const [status, setStatus] = useState<ParcelStatus | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  if (allowed.length === 0) return null;
  const submit = () => {
    if (!status) return;
    setBusy(true);
    parcelsApi.setStatus(parcel.id, { status, note }).then(
      (p) => {
        setBusy(false);
        setStatus('');
        setNote('');
        notify.success({
          id: 'parcelDetails.statusChanged',
          values: { status: intl.formatMessage({ id: `parcels.status.${p.status}` }) },
        });
        props.onChanged(p);
      },
      (err: unknown) => {
        setBusy(false);
        notify.failure(err);
      },
    );
  };

  return (
    <Card className="depot-parcel-section" data-testid="parcel-set-status">
      <H2>
        <FormattedMessage id="parcelDetails.section.setStatus" />
      </H2>
      <div className="depot-form-grid">
        <FormGroup label={<FormattedMessage id="parcelDetails.newStatus" />} labelFor="parcel-new-status">
          <HTMLSelect
            id="parcel-new-status"
            fill
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as ParcelStatus | '')}
            options={[
              { value: '', label: intl.formatMessage({ id: 'parcelDetails.chooseStatus' }) },
              ...allowed.map((s) => ({ value: s, label: intl.formatMessage({ id: `parcels.status.${s}` }) })),
            ]}
            data-testid="parcel-new-status"
          />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="parcelDetails.statusNote" />} labelFor="parcel-status-note">
          <InputGroup
            id="parcel-status-note"
            value={note}
            onValueChange={setNote}
            autoComplete="off"
            data-testid="parcel-status-note"
          />
        </FormGroup>
      </div>
      <Button
        intent={Intent.PRIMARY}
        disabled={!status}
        loading={busy}
        onClick={submit}
        data-testid="parcel-set-status-submit"
      >
        <FormattedMessage id="parcelDetails.setStatus" />
      </Button>
    </Card>
  );
}
