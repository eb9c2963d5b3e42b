import { Callout, Card, FormGroup, H2, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { ORDER_TYPES, type ClientOption, type OrderType } from '@depot/contracts';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormFooter, type FooterForm } from '../../../ui/FormFooter';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import type { ParcelFormValues, ParcelTextField } from '../parcelFormValues';
import { ParcelFormAddress } from './ParcelFormAddress';

type TextName = ParcelTextField | 'codAmount' | 'codCurrency' | 'insuranceAmount';

/** What the parcel form needs of its form state (useZodForm over ParcelFormValues). */
export interface ParcelFormHandle extends FooterForm {
  values: ParcelFormValues;
  set: <K extends keyof ParcelFormValues>(key: K, value: ParcelFormValues[K]) => void;
  error: (field: string) => string | undefined;
  intent: (field: string) => Intent;
}

/**
 * The parcel form of /orders/create and /orders/edit (decision 0075): the order (client for staff, order type,
 * reference), both addresses, the goods, additional services (COD, insurance, drop-off point) and the notes.
 * `blocked` shows SPEC 2's notice instead of the save; `readOnly` shows the parcel without editing it.
 */
export function ParcelForm(props: {
  form: ParcelFormHandle;
  mode: 'create' | 'edit';
  /** Staff pick the client (create only); a client user's own client is implied. */
  pickClient: boolean;
  onClientPicked?: (client: ClientOption) => void;
  /** SPEC 2: the client or the user may not order. */
  blocked?: boolean;
  /** A problem that stops the save before it is sent (e.g. the client has no number prefix), in words. */
  notice?: ReactNode;
  readOnly?: boolean;
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { form } = props;
  const v = form.values;

  const group = (path: string, labelId: string, input: ReactNode) => (
    <FormGroup
      key={path}
      label={<FormattedMessage id={labelId} />}
      labelFor={`parcel-${path.replace('.', '-')}`}
      intent={form.intent(path)}
      helperText={form.error(path)}
    >
      {input}
    </FormGroup>
  );

  /** Where the schema reports a field's problem (COD and insurance are nested in the request). */
  const pathOf = (name: TextName) =>
    name === 'codAmount'
      ? 'cod.amountCOD'
      : name === 'codCurrency'
        ? 'cod.codCurrency'
        : name === 'insuranceAmount'
          ? 'insurance.amount'
          : name;

  const text = (name: TextName) =>
    group(
      pathOf(name),
      `parcelForm.field.${name}`,
      <InputGroup
        id={`parcel-${pathOf(name).replace('.', '-')}`}
        value={v[name]}
        onValueChange={(value) => form.set(name, value)}
        intent={form.intent(pathOf(name))}
        autoComplete="off"
        data-testid={`parcel-${name}`}
      />,
    );

  const section = (id: string, children: ReactNode) => (
    <Card className="depot-parcel-section" data-testid={`parcel-section-${id}`}>
      <H2>
        <FormattedMessage id={`parcelForm.section.${id}`} />
      </H2>
      <div className="depot-form-grid">{children}</div>
    </Card>
  );

  // Returns are made from the parcel they return, never typed: the type is offered only to show it.
  const orderTypes = ORDER_TYPES.filter((t) => t !== 'internalReturn' || v.orderType === 'internalReturn');
  const orderTypeOptions = [
    ...(props.mode === 'create'
      ? [{ value: '', label: intl.formatMessage({ id: 'parcelForm.orderTypeAuto' }) }]
      : []),
    ...orderTypes.map((t) => ({ value: t, label: intl.formatMessage({ id: `parcels.orderType.${t}` }) })),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.blocked && !props.readOnly) props.onSubmit();
  };

  return (
    <form className="depot-form depot-parcel-form" onSubmit={submit} noValidate data-testid="parcel-form">
      {props.blocked ? (
        <Callout
          intent={Intent.WARNING}
          icon="disable"
          className="depot-parcel-section"
          data-testid="orders-blocked"
        >
          <FormattedMessage id="home.ordersBlocked" />
        </Callout>
      ) : null}
      {props.notice ? (
        <Callout intent={Intent.WARNING} className="depot-parcel-section" data-testid="parcel-notice">
          {props.notice}
        </Callout>
      ) : null}
      <fieldset className="depot-fieldset" disabled={props.readOnly} data-testid="parcel-fields">
        {section(
          'order',
          <>
            {props.pickClient
              ? group(
                  'clientId',
                  'parcelForm.field.client',
                  <ClientPicker
                    value={v.clientId ? { id: v.clientId, name: v.clientName } : null}
                    onChange={(c) => props.onClientPicked?.(c)}
                    intent={form.error('clientId') ? 'danger' : 'none'}
                    testId="parcel-client"
                  />,
                )
              : null}
            {group(
              'orderType',
              'parcelForm.field.orderType',
              <HTMLSelect
                id="parcel-orderType"
                fill
                value={v.orderType}
                onChange={(e) => form.set('orderType', e.currentTarget.value as OrderType | '')}
                options={orderTypeOptions}
                data-testid="parcel-orderType"
              />,
            )}
            {text('referenceNumber')}
          </>,
        )}
        <ParcelFormAddress form={form} side="pickupAddress" />
        <ParcelFormAddress form={form} side="destinationAddress" />
        {section(
          'goods',
          <>
            {text('weightKg')}
            {text('sizeCmL')}
            {text('sizeCmW')}
            {text('sizeCmD')}
            {text('packageCount')}
            {text('content')}
            {text('value')}
            {text('valueCurrency')}
          </>,
        )}
        {section(
          'services',
          <>
            {text('codAmount')}
            {text('codCurrency')}
            {text('insuranceAmount')}
            {text('dropOffPoint')}
          </>,
        )}
        {section(
          'notes',
          <>
            {text('note1')}
            {text('note2')}
          </>,
        )}
      </fieldset>
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="parcel-form-error"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="parcel-cancel"
        cancelLabelId={props.readOnly || props.blocked ? 'common.back' : undefined}
        saveTestId="parcel-save"
        readOnly={props.readOnly || props.blocked}
      />
    </form>
  );
}
