import { Card, FormGroup, H2, InputGroup, Switch } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { useZodForm } from '../../../ui/useZodForm';
import {
  OWN_ADDRESS_FIELDS,
  PARCEL_FIELDS,
  PICKUP_ADDRESS_FIELDS,
  SHIPPING_FIELDS,
  type SettingsFormValues,
} from '../settingsFormValues';
import { FormFooter } from '../../../ui/FormFooter';

type Form = ReturnType<typeof useZodForm>;
type Section = 'clientAddress' | 'defaultAddress' | 'settings';

const CARD_STYLE = { marginBottom: 12 } as const;

const PARCEL_FIELD_SET: ReadonlySet<string> = new Set(PARCEL_FIELDS);

/** Field labels: the client form's where the field is the same, the settings screen's own otherwise. */
const LABELS: Record<Section, (field: string) => string> = {
  clientAddress: (f) => `clients.field.${f}`,
  defaultAddress: (f) => `clients.address.${f}`,
  settings: (f) => (PARCEL_FIELD_SET.has(f) ? `clients.parcel.${f}` : `settings.field.${f}`),
};

/** The editable part of the settings screen: client address, standard pickup address, standard parcel, defaults. */
export function SettingsForm(props: {
  form: Form;
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onReset: () => void;
}) {
  const intl = useIntl();
  const { form } = props;
  const values = form.values as unknown as SettingsFormValues;
  const set = form.set as unknown as <K extends keyof SettingsFormValues>(
    k: K,
    v: SettingsFormValues[K],
  ) => void;

  const input = (section: Section, field: string) => {
    const path = `${section}.${field}`;
    const id = `settings-${section}-${field}`;
    const sectionValues = values[section] as Record<string, string>;
    return (
      <FormGroup
        key={path}
        label={<FormattedMessage id={LABELS[section](field)} />}
        labelFor={id}
        intent={form.intent(path)}
        helperText={form.error(path)}
      >
        <InputGroup
          id={id}
          value={sectionValues[field]}
          onValueChange={(v) => set(section, { ...sectionValues, [field]: v } as never)}
          intent={form.intent(path)}
          autoComplete="off"
          data-testid={id}
        />
      </FormGroup>
    );
  };

  const card = (id: string, titleId: string, children: ReactNode) => (
    <Card style={CARD_STYLE} data-testid={`settings-section-${id}`}>
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

  return (
    <form className="depot-form" onSubmit={submit} noValidate data-testid="settings-form">
      {card(
        'clientAddress',
        'settings.section.clientAddress',
        <div className="depot-form-grid">{OWN_ADDRESS_FIELDS.map((f) => input('clientAddress', f))}</div>,
      )}
      {card(
        'pickupAddress',
        'settings.section.pickupAddress',
        <>
          <Switch
            checked={values.hasDefaultAddress}
            label={intl.formatMessage({ id: 'settings.hasPickupAddress' })}
            onChange={(e) => set('hasDefaultAddress', e.currentTarget.checked)}
            data-testid="settings-hasDefaultAddress"
          />
          {values.hasDefaultAddress ? (
            <div className="depot-form-grid">
              {PICKUP_ADDRESS_FIELDS.map((f) => input('defaultAddress', f))}
            </div>
          ) : null}
        </>,
      )}
      {card(
        'parcel',
        'settings.section.parcel',
        <div className="depot-form-grid">{PARCEL_FIELDS.map((f) => input('settings', f))}</div>,
      )}
      {card(
        'shipping',
        'settings.section.shipping',
        <div className="depot-form-grid">{SHIPPING_FIELDS.map((f) => input('settings', f))}</div>,
      )}
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="settings-form-error"
        busy={props.busy}
        onCancel={props.onReset}
        cancelTestId="settings-reset"
        cancelLabelId="settings.reset"
        saveTestId="settings-save"
      />
    </form>
  );
}
