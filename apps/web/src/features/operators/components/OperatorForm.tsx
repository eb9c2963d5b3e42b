import {
  Callout,
  Card,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import {
  OPERATOR_ADDRESS_KINDS,
  OPERATOR_PACKAGE_SETTING_KEYS,
  OPERATOR_TYPES,
  needsExchangeRate,
  type OperatorView,
} from '@depot/contracts';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { useZodForm } from '../../../ui/useZodForm';
import {
  ADDRESS_FIELDS,
  emptyAddress,
  operatorTypeLabelId,
  withType,
  type OperatorAddressKind,
  type OperatorFormValues,
  type PackageField,
} from '../operatorFormValues';
import { OperatorConfigSection } from './OperatorConfigSection';
import { FormFooter } from '../../../ui/FormFooter';

type Form = ReturnType<typeof useZodForm>;

const SECTION_STYLE = { marginBottom: 12 } as const;

/** The operator form of the create and edit screens (administration/operators), grouped in cards. */
export function OperatorForm(props: {
  form: Form;
  /** The saved operator (edit). */
  saved?: OperatorView;
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { form, saved } = props;
  const values = form.values as unknown as OperatorFormValues;
  const set = form.set as unknown as <K extends keyof OperatorFormValues>(
    k: K,
    v: OperatorFormValues[K],
  ) => void;
  const setValues = form.setValues as unknown as (v: OperatorFormValues) => void;

  const group = (path: string, labelId: string, input: ReactNode) => (
    <FormGroup
      key={path}
      label={<FormattedMessage id={labelId} />}
      labelFor={`operator-${path.replace(/\./g, '-')}`}
      intent={form.intent(path)}
      helperText={form.error(path)}
    >
      {input}
    </FormGroup>
  );

  const textInput = (path: string, value: string, onChange: (v: string) => void) => (
    <InputGroup
      id={`operator-${path.replace(/\./g, '-')}`}
      value={value}
      onValueChange={onChange}
      intent={form.intent(path)}
      autoComplete="off"
      data-testid={`operator-${path.replace(/\./g, '-')}`}
    />
  );

  const section = (id: string, titleId: string, children: ReactNode) => (
    <Card style={SECTION_STYLE} data-testid={`operator-section-${id}`}>
      <H2>
        <FormattedMessage id={titleId} />
      </H2>
      {children}
    </Card>
  );

  const address = (kind: OperatorAddressKind) => {
    const a = values[kind];
    return (
      <div key={kind} data-testid={`operator-${kind}`}>
        <Switch
          checked={a !== null}
          label={intl.formatMessage({ id: `operators.address.${kind}` })}
          onChange={(e) => set(kind, e.currentTarget.checked ? emptyAddress() : null)}
          data-testid={`operator-${kind}-enabled`}
        />
        {a ? (
          <div className="depot-form-grid">
            {ADDRESS_FIELDS.map((f) =>
              group(
                `${kind}.${f}`,
                `clients.address.${f}`,
                textInput(`${kind}.${f}`, a[f], (v) => set(kind, { ...a, [f]: v })),
              ),
            )}
          </div>
        ) : null}
      </div>
    );
  };

  const deactivating = saved?.active === true && !values.active;
  const typeOptions = [
    { value: '', label: intl.formatMessage({ id: 'operators.chooseType' }) },
    ...OPERATOR_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: operatorTypeLabelId(t) }) })),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form className="depot-form depot-operator-form" onSubmit={submit} noValidate data-testid="operator-form">
      {section(
        'general',
        'operators.section.general',
        <>
          <div className="depot-form-grid">
            {group(
              'operatorName',
              'operators.field.operatorName',
              textInput('operatorName', values.operatorName, (v) => set('operatorName', v)),
            )}
            {group(
              'operatorType',
              'operators.field.operatorType',
              <HTMLSelect
                id="operator-operatorType"
                fill
                value={values.operatorType}
                onChange={(e) => setValues(withType(values, e.currentTarget.value, saved))}
                options={typeOptions}
                data-testid="operator-operatorType"
              />,
            )}
            {needsExchangeRate(values.operatorType)
              ? group(
                  'exchangeRateEUR',
                  'operators.field.exchangeRateEUR',
                  textInput('exchangeRateEUR', values.exchangeRateEUR, (v) => set('exchangeRateEUR', v)),
                )
              : null}
            {group(
              'maxWeightKg',
              'operators.field.maxWeightKg',
              textInput('maxWeightKg', values.maxWeightKg, (v) => set('maxWeightKg', v)),
            )}
          </div>
          {group(
            'description',
            'operators.field.description',
            <TextArea
              id="operator-description"
              fill
              rows={2}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              intent={form.intent('description')}
              data-testid="operator-description"
            />,
          )}
          <FormGroup intent={form.intent('active')} helperText={form.error('active')}>
            <Switch
              checked={values.active}
              label={intl.formatMessage({ id: 'operators.field.active' })}
              onChange={(e) => set('active', e.currentTarget.checked)}
              data-testid="operator-active"
            />
          </FormGroup>
          {deactivating && saved.routingConditions > 0 ? (
            <Callout intent={Intent.WARNING} data-testid="operator-routing-warning">
              <FormattedMessage id="operators.routingWarning" values={{ count: saved.routingConditions }} />
            </Callout>
          ) : null}
        </>,
      )}
      {section(
        'config',
        'operators.section.config',
        <OperatorConfigSection
          type={values.operatorType}
          config={values.config}
          secrets={values.secrets}
          stored={saved?.operatorType === values.operatorType ? saved.secrets : undefined}
          error={form.error}
          intent={form.intent}
          onConfig={(key, v) => set('config', { ...values.config, [key]: v })}
          onSecret={(key, v) => set('secrets', { ...values.secrets, [key]: v })}
        />,
      )}
      {section('addresses', 'operators.section.addresses', OPERATOR_ADDRESS_KINDS.map(address))}
      {section(
        'package',
        'operators.section.package',
        <div className="depot-form-grid">
          {OPERATOR_PACKAGE_SETTING_KEYS.map((k: PackageField) =>
            group(
              `packageSettings.${k}`,
              `operators.package.${k}`,
              textInput(`packageSettings.${k}`, values.packageSettings[k], (v) =>
                set('packageSettings', { ...values.packageSettings, [k]: v }),
              ),
            ),
          )}
        </div>,
      )}
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="operator-form-error"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="operator-cancel"
        saveTestId="operator-save"
      />
    </form>
  );
}
