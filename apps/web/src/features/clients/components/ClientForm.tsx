import {
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { CLIENT_FLAGS, contract, type ClientListItem } from '@depot/contracts';
import { type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import type { useZodForm } from '../../../ui/useZodForm';
import {
  ADDRESS_FIELDS,
  PARCEL_FIELDS,
  type AddressField,
  type ClientFormValues,
  type ClientTextField,
  type ParcelField,
} from '../clientFormValues';
import { FormFooter } from '../../../ui/FormFooter';

type Form = ReturnType<typeof useZodForm>;

const SECTION_STYLE = { marginBottom: 12 } as const;
const FLAGS_STYLE = {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: 16,
} as const;
const SUBTITLE_STYLE = { marginTop: 8 } as const;
/** Master accounts, for the "linked to" picker (the first page is plenty for a picker). */
const MASTERS = {
  body: { filters: { masterOnly: true }, orderBy: { field: 'companyName', direction: 'asc' } },
} as const;
const NO_MASTERS: ClientListItem[] = [];

/**
 * The client form of the create and edit screens (administration/clients), grouped in cards. Read-only (every
 * field disabled, no save) for those who may read clients but not change them (a salesman).
 */
export function ClientForm(props: {
  form: Form;
  /** The edited client (left out of the master-account choices). */
  clientId?: string;
  readOnly?: boolean;
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { form } = props;
  const values = form.values as unknown as ClientFormValues;
  const set = form.set as unknown as <K extends keyof ClientFormValues>(k: K, v: ClientFormValues[K]) => void;
  // No choices when they cannot be read (the picker then offers "none" only).
  const masters = useRouteQuery(contract.clients.list, MASTERS).data?.items ?? NO_MASTERS;

  const group = (name: string, labelId: string, input: ReactNode) => (
    <FormGroup
      key={name}
      label={<FormattedMessage id={labelId} />}
      labelFor={`client-${name.replace('.', '-')}`}
      intent={form.intent(name)}
      helperText={form.error(name)}
    >
      {input}
    </FormGroup>
  );

  const text = (name: ClientTextField) =>
    group(
      name,
      `clients.field.${name}`,
      <InputGroup
        id={`client-${name}`}
        value={values[name]}
        onValueChange={(v) => set(name, v)}
        intent={form.intent(name)}
        autoComplete="off"
        data-testid={`client-${name}`}
      />,
    );

  const addressText = (name: AddressField) =>
    group(
      `defaultAddress.${name}`,
      `clients.address.${name}`,
      <InputGroup
        id={`client-defaultAddress-${name}`}
        value={values.defaultAddress[name]}
        onValueChange={(v) => set('defaultAddress', { ...values.defaultAddress, [name]: v })}
        intent={form.intent(`defaultAddress.${name}`)}
        autoComplete="off"
        data-testid={`client-defaultAddress-${name}`}
      />,
    );

  const parcelText = (name: ParcelField) =>
    group(
      `parcelSettings.${name}`,
      `clients.parcel.${name}`,
      <InputGroup
        id={`client-parcelSettings-${name}`}
        value={values.parcelSettings[name]}
        onValueChange={(v) => set('parcelSettings', { ...values.parcelSettings, [name]: v })}
        intent={form.intent(`parcelSettings.${name}`)}
        autoComplete="off"
        data-testid={`client-parcelSettings-${name}`}
      />,
    );

  const section = (id: string, titleId: string, children: ReactNode) => (
    <Card style={SECTION_STYLE} data-testid={`client-section-${id}`}>
      <H2>
        <FormattedMessage id={titleId} />
      </H2>
      {children}
    </Card>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  const masterOptions = [
    { value: '', label: intl.formatMessage({ id: 'clients.noMaster' }) },
    ...masters.filter((m) => m.id !== props.clientId).map((m) => ({ value: m.id, label: m.companyName })),
  ];
  if (values.masterId && !masterOptions.some((o) => o.value === values.masterId)) {
    masterOptions.push({ value: values.masterId, label: values.masterId });
  }

  return (
    <form className="depot-form depot-client-form" onSubmit={submit} noValidate data-testid="client-form">
      {props.readOnly ? (
        <Callout intent={Intent.PRIMARY} icon="eye-open" style={SECTION_STYLE} data-testid="client-read-only">
          <FormattedMessage id="clients.readOnly" />
        </Callout>
      ) : null}
      <fieldset className="depot-fieldset" disabled={props.readOnly} data-testid="client-fields">
        {section(
          'company',
          'clients.section.company',
          <div className="depot-form-grid">
            {text('companyName')}
            {text('clientName')}
            {text('shortName')}
            {text('uniquePrefix')}
            {text('vatId')}
            {text('phone')}
            {text('email')}
            {text('currency')}
            {values.masterAccount
              ? null
              : group(
                  'masterId',
                  'clients.field.masterId',
                  <HTMLSelect
                    id="client-masterId"
                    fill
                    value={values.masterId}
                    onChange={(e) => set('masterId', e.currentTarget.value)}
                    options={masterOptions}
                    data-testid="client-masterId"
                  />,
                )}
          </div>,
        )}
        {section(
          'address',
          'clients.section.address',
          <div className="depot-form-grid">
            {text('country')}
            {text('city')}
            {text('street')}
            {text('zipCode')}
            {text('building')}
            {text('apartment')}
          </div>,
        )}
        {section(
          'billing',
          'clients.section.billing',
          <div className="depot-form-grid">
            {text('accountOwner')}
            {text('iban')}
            {text('bankName')}
            {text('contractNumber')}
            {text('debtBlockDays')}
          </div>,
        )}
        {section(
          'flags',
          'clients.section.flags',
          <div style={FLAGS_STYLE}>
            {CLIENT_FLAGS.map((f) => (
              <Switch
                key={f}
                checked={values[f]}
                labelElement={
                  <>
                    {intl.formatMessage({ id: `clients.field.${f}` })}
                    {`clients.flagHint.${f}` in intl.messages ? (
                      <span className="bp6-text-muted bp6-text-small" style={{ display: 'block' }}>
                        {intl.formatMessage({ id: `clients.flagHint.${f}` })}
                      </span>
                    ) : null}
                  </>
                }
                onChange={(e) => set(f, e.currentTarget.checked)}
                data-testid={`client-${f}`}
              />
            ))}
            {values.viesCheck ? (
              <Checkbox
                checked={values.strictVatCheck}
                label={intl.formatMessage({ id: 'clients.strictVatCheck' })}
                onChange={(e) => set('strictVatCheck', e.currentTarget.checked)}
                data-testid="client-strictVatCheck"
              />
            ) : null}
          </div>,
        )}
        {section(
          'shipping',
          'clients.section.shipping',
          <>
            <div className="depot-form-grid">
              {text('defaultPhoneShipping')}
              {text('defaultEmailShipping')}
              {text('additionalShipperNameOnTheLabel')}
            </div>
            <Switch
              checked={values.hasDefaultAddress}
              label={intl.formatMessage({ id: 'clients.hasDefaultAddress' })}
              onChange={(e) => set('hasDefaultAddress', e.currentTarget.checked)}
              data-testid="client-hasDefaultAddress"
            />
            {values.hasDefaultAddress ? (
              <div className="depot-form-grid">{ADDRESS_FIELDS.map((f) => addressText(f))}</div>
            ) : null}
            <H2 style={SUBTITLE_STYLE}>
              <FormattedMessage id="clients.parcelTitle" />
            </H2>
            <div className="depot-form-grid">{PARCEL_FIELDS.map((f) => parcelText(f))}</div>
          </>,
        )}
        {section(
          'notes',
          'clients.section.notes',
          <>
            {group(
              'note',
              'clients.field.note',
              <TextArea
                id="client-note"
                fill
                rows={3}
                value={values.note}
                onChange={(e) => set('note', e.currentTarget.value)}
                intent={form.intent('note')}
                data-testid="client-note"
              />,
            )}
            <div className="depot-form-grid">
              {text('returnMatrixTitle')}
              {text('domesticMatrixTitle')}
            </div>
          </>,
        )}
      </fieldset>
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="client-form-error"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="client-cancel"
        cancelLabelId={props.readOnly ? 'common.back' : undefined}
        saveTestId="client-save"
        readOnly={props.readOnly}
      />
    </form>
  );
}
