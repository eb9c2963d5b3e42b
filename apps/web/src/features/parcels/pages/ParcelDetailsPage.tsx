import { Button, Callout, H1, Intent } from '@blueprintjs/core';
import { contract, createParcelFormSchema, type ParcelView } from '@depot/contracts';
import { isEditable } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useRouteQuery } from '../../../api/query';
import { useDecimalInput } from '../../../ui/format';
import { QueryGate } from '../../../ui/QueryGate';
import { canAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { parcelsApi } from '../api';
import { carrierErrorsByField } from '../carrierErrors';
import { notifyRoutingOutcome } from '../routingOutcome';
import { ParcelDetailsHistory } from '../components/ParcelDetailsHistory';
import { ParcelDetailsRegistration } from '../components/ParcelDetailsRegistration';
import { ParcelDetailsRouting } from '../components/ParcelDetailsRouting';
import { ParcelDetailsStatus } from '../components/ParcelDetailsStatus';
import { ParcelDetailsSummary } from '../components/ParcelDetailsSummary';
import { ParcelDotsMenu } from '../components/ParcelDotsMenu';
import { ParcelForm } from '../components/ParcelForm';
import { useParcelFormLive } from '../hooks/useParcelFormLive';
import { parcelToForm, toParcelRequest, toParcelUpdate, type ParcelFormValues } from '../parcelFormValues';

/**
 * /orders/edit/:parcelId — the parcel with its carrier and routing reason, numbers and status history, edited
 * while it is new (read-only afterwards, with a note); staff may set a status. Live (decision 0078).
 */
export function ParcelDetailsPage() {
  usePageTitle('parcelDetails.title');
  const { parcelId = '' } = useParams();
  const { query, setParcel } = useParcelFormLive(parcelId);
  return (
    <QueryGate query={query}>{(parcel) => <ParcelDetails parcel={parcel} onChanged={setParcel} />}</QueryGate>
  );
}

function ParcelDetails({
  parcel,
  onChanged: setParcel,
}: {
  parcel: ParcelView;
  onChanged: (p: ParcelView) => void;
}) {
  const can = useAtomValue(canAtom);
  return (
    <div className="depot-page" data-testid="page-parcel-details">
      <div className="depot-parcel-header">
        <H1 data-testid="parcel-title">
          <FormattedMessage id="parcelDetails.heading" values={{ number: parcel.internalNumber }} />
        </H1>
        <ParcelDotsMenu parcel={parcel} />
      </div>
      <div className="depot-parcel-layout">
        <div className="depot-parcel-main">
          <EditParcel latest={parcel} onSaved={setParcel} />
        </div>
        <div className="depot-parcel-side">
          <ParcelDetailsRouting parcel={parcel} />
          <ParcelDetailsRegistration parcel={parcel} />
          <ParcelDetailsSummary parcel={parcel} />
          {can('operating.scan') ? <ParcelDetailsStatus parcel={parcel} onChanged={setParcel} /> : null}
          <ParcelDetailsHistory history={parcel.statusHistory} />
        </div>
      </div>
    </div>
  );
}

/**
 * The form of the parcel as it was when editing began (`base`). A change made elsewhere replaces an untouched form
 * at once; over the user's own unsaved edits it is offered instead ("Load the changes").
 */
function EditParcel(props: { latest: ParcelView; onSaved: (p: ParcelView) => void }) {
  const { latest } = props;
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const can = useAtomValue(canAtom);
  const [base, setBase] = useState(latest);
  const decimal = useDecimalInput();
  const form = useZodForm(
    createParcelFormSchema,
    parcelToForm(base, 'edit', decimal),
    (v: ParcelFormValues) => toParcelRequest(v, false),
  );
  const { fill } = form;
  // A carrier's refusal names fields (decision 0147): shown under them until the form's own check says more.
  const registration = useRouteQuery(contract.carrierRegistration.get, { params: { id: latest.id } });
  const carrierErrors =
    registration.data?.state === 'rejected' ? carrierErrorsByField(registration.data.errors) : {};
  const shown = {
    ...form,
    error: (f: string) => form.error(f) ?? carrierErrors[f],
    intent: (f: string) => (form.error(f) ? Intent.DANGER : carrierErrors[f] ? Intent.WARNING : Intent.NONE),
  };
  const dirty = Object.keys(toParcelUpdate(form.values, base)).length > 0;
  const stale = latest.updatedAt !== base.updatedAt;

  useEffect(() => {
    if (stale && !dirty) {
      setBase(latest);
      fill(() => parcelToForm(latest, 'edit', decimal));
    }
  }, [stale, dirty, latest, fill, decimal]);

  const editable = can('parcels.create') && isEditable(latest.status);

  const submit = async () => {
    const body = toParcelUpdate(form.values, base);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      const saved = await parcelsApi.update(base.id, body);
      // Routed again on save: one routing can no longer place gets the create path's warning (decision 0123).
      notifyRoutingOutcome(notify, saved, 'edited');
      setBase(saved);
      fill(() => parcelToForm(saved, 'edit', decimal));
      props.onSaved(saved);
    });
  };

  return (
    <>
      {editable ? null : (
        <Callout
          intent={Intent.PRIMARY}
          icon="lock"
          className="depot-parcel-section"
          data-testid="parcel-read-only"
        >
          <FormattedMessage id="parcelDetails.readOnly" />
        </Callout>
      )}
      {stale && dirty && editable ? (
        <Callout
          intent={Intent.WARNING}
          className="depot-parcel-section"
          data-testid="parcel-changed-elsewhere"
        >
          <p>
            <FormattedMessage id="parcelDetails.changedElsewhere" />
          </p>
          <Button
            onClick={() => {
              setBase(latest);
              fill(() => parcelToForm(latest, 'edit', decimal));
            }}
            data-testid="parcel-load-changes"
          >
            <FormattedMessage id="parcelDetails.loadChanges" />
          </Button>
        </Callout>
      ) : null}
      <div className="depot-form-card">
        <ParcelForm
          form={shown}
          mode="edit"
          pickClient={false}
          readOnly={!editable}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/orders')}
        />
      </div>
    </>
  );
}
