import { H1, Spinner } from '@blueprintjs/core';
import { contract } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useRouteQueryWith } from '../../../api/query';
import { useDecimalInput } from '../../../ui/format';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useNotify } from '../../../ui/useNotify';
import { notifyRoutingOutcome } from '../routingOutcome';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { parcelsApi } from '../api';
import { ParcelForm } from '../components/ParcelForm';
import { useParcelForm } from '../hooks/useParcelForm';
import {
  emptyParcelForm,
  parcelToForm,
  toParcelRequest,
  type CloneKind,
  type ParcelFormValues,
} from '../parcelFormValues';

/** Query of /orders/create that makes it a copy: `?cloneOf=<id>&clone=parcel|order` (the dots menu, decision 0077). */
export const cloneLink = (id: string, kind: CloneKind) => `/orders/create?cloneOf=${id}&clone=${kind}`;

/** /orders/create — a new parcel, or a copy of one (clone parcel / clone order). */
export function ParcelFormPage() {
  usePageTitle('parcelForm.createTitle');
  const [params] = useSearchParams();
  const cloneOf = params.get('cloneOf');
  const kind: CloneKind = params.get('clone') === 'order' ? 'order' : 'parcel';
  // The parcel a copy starts from; a copy that cannot be read says why and starts empty.
  const source = useRouteQueryWith({ enabled: cloneOf !== null }, contract.parcels.get, {
    params: { id: cloneOf ?? '' },
  });
  useFailureToast(cloneOf ? source.error : null);
  const decimal = useDecimalInput();

  const key = `${cloneOf ?? 'new'}-${kind}`;
  if (cloneOf && source.data)
    return (
      <CreateForm
        key={key}
        initial={parcelToForm(source.data, kind, decimal)}
        copyOf={source.data.internalNumber}
      />
    );
  if (cloneOf && !source.isError) return <Spinner className="depot-page-spinner" />;
  return <CreateForm key={key} initial={emptyParcelForm()} copyOf={null} />;
}

function CreateForm(props: { initial: ParcelFormValues; copyOf: string | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const { form, staff, defaults, pickClient, blocked } = useParcelForm(props.initial);

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const created = await parcelsApi.create(toParcelRequest(form.values, staff));
      // A parcel routing could not place is kept without a carrier (decision 0052): a warning, not a success.
      notifyRoutingOutcome(notify, created, 'created');
      navigate(`/orders/edit/${created.id}`);
    });
  };

  return (
    <div className="depot-page" data-testid="page-parcel-create">
      <H1>
        {props.copyOf ? (
          <FormattedMessage id="parcelForm.copyTitle" values={{ number: props.copyOf }} />
        ) : (
          <FormattedMessage id="parcelForm.createTitle" />
        )}
      </H1>
      <div className="depot-form-card">
        <ParcelForm
          form={form}
          mode="create"
          pickClient={staff}
          onClientPicked={pickClient}
          blocked={blocked}
          notice={defaults?.numberingProblem ? text(defaults.numberingProblem) : null}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/orders')}
        />
      </div>
    </div>
  );
}
