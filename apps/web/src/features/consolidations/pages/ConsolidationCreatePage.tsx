import { FormGroup, H1, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { createConsolidationSchema, DEFAULT_TERMINAL, type ConsolidationType } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../../ui/FormFooter';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { consolidationsApi } from '../api';

interface CreateValues {
  type: ConsolidationType;
  isLandmark: boolean;
  driver: string;
  registrationNumber: string;
  terminal: string;
  isDefaultStatus: boolean;
  isVirtualScan: boolean;
}

const toInput = (v: CreateValues) => ({
  type: v.type,
  isLandmark: v.type === 'normal' && v.isLandmark,
  ...(v.type === 'car' ? { driver: v.driver, registrationNumber: v.registrationNumber } : {}),
  terminal: v.terminal,
  isDefaultStatus: v.isDefaultStatus,
  isVirtualScan: v.isVirtualScan,
});

/**
 * /operatingModule/consolidation/create (SPEC 2): a car consolidation (driver and registration number) or a normal one
 * (Landmark or not); the new consolidation then opens for adding parcels.
 */
export function ConsolidationCreatePage() {
  usePageTitle('consolidations.createTitle');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const form = useZodForm(
    createConsolidationSchema,
    {
      type: 'car',
      isLandmark: false,
      driver: '',
      registrationNumber: '',
      terminal: DEFAULT_TERMINAL,
      isDefaultStatus: false,
      isVirtualScan: false,
    } as CreateValues,
    toInput,
  );
  const { values, set } = form;

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const created = await consolidationsApi.create(toInput(values));
      notify.success({ id: 'consolidations.created', values: { number: created.barcode } });
      navigate(`/operatingModule/consolidation/details/${created.id}`);
    });
  };

  const textField = (key: 'driver' | 'registrationNumber' | 'terminal', labelId: string) => (
    <FormGroup
      label={<FormattedMessage id={labelId} />}
      labelFor={`consolidation-${key}`}
      intent={form.intent(key)}
      helperText={form.error(key)}
    >
      <InputGroup
        id={`consolidation-${key}`}
        value={values[key]}
        onValueChange={(v) => set(key, v)}
        intent={form.intent(key)}
        autoComplete="off"
        data-testid={`consolidation-${key}`}
      />
    </FormGroup>
  );

  return (
    <div className="depot-page" data-testid="page-consolidation-create">
      <H1>
        <FormattedMessage id="consolidations.createTitle" />
      </H1>
      <form
        className="depot-form-card"
        data-testid="consolidation-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="depot-form-grid">
          <FormGroup
            label={<FormattedMessage id="consolidations.field.type" />}
            labelFor="consolidation-type"
            intent={form.intent('type')}
            helperText={form.error('type')}
          >
            <HTMLSelect
              id="consolidation-type"
              fill
              value={values.type}
              onChange={(e) => set('type', e.currentTarget.value as ConsolidationType)}
              data-testid="consolidation-type"
              options={[
                { value: 'car', label: intl.formatMessage({ id: 'consolidations.type.car' }) },
                { value: 'normal', label: intl.formatMessage({ id: 'consolidations.type.normal' }) },
              ]}
            />
          </FormGroup>
          {values.type === 'car' ? (
            <>
              {textField('driver', 'consolidations.field.driver')}
              {textField('registrationNumber', 'consolidations.field.registrationNumber')}
            </>
          ) : null}
          {textField('terminal', 'consolidations.field.terminal')}
        </div>
        {values.type === 'car' ? (
          <p className="bp6-text-muted bp6-text-small">
            <FormattedMessage id="consolidations.carHint" />
          </p>
        ) : null}
        <div className="depot-form-switches">
          {values.type === 'normal' ? (
            <Switch
              checked={values.isLandmark}
              label={intl.formatMessage({ id: 'consolidations.field.isLandmark' })}
              onChange={(e) => set('isLandmark', e.currentTarget.checked)}
              data-testid="consolidation-isLandmark"
            />
          ) : null}
          <Switch
            checked={values.isDefaultStatus}
            label={intl.formatMessage({ id: 'consolidations.field.isDefaultStatus' })}
            onChange={(e) => set('isDefaultStatus', e.currentTarget.checked)}
            data-testid="consolidation-isDefaultStatus"
          />
          <Switch
            checked={values.isVirtualScan}
            label={intl.formatMessage({ id: 'consolidations.field.isVirtualScan' })}
            onChange={(e) => set('isVirtualScan', e.currentTarget.checked)}
            data-testid="consolidation-isVirtualScan"
          />
        </div>
        <FormFooter
          form={form}
          failure={form.failure ? text(form.failure) : null}
          failureTestId="consolidation-failure"
          busy={form.busy}
          onCancel={() => navigate('/operatingModule/consolidation/list')}
          saveTestId="consolidation-save"
          saveLabelId="consolidations.createSubmit"
        />
      </form>
    </div>
  );
}
