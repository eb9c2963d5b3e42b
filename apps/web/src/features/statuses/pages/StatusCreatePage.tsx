import { Checkbox, FormGroup, H1, InputGroup } from '@blueprintjs/core';
import { createStatusMapSchema, type OperatorType, type ParcelStatus } from '@depot/contracts';
import { defaultTerminal } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../../ui/FormFooter';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { statusesApi } from '../api';
import { OperatorTypeSelect } from '../components/OperatorTypeSelect';
import { StatusSelect } from '../components/StatusSelect';

interface CreateValues {
  operatorType: OperatorType | '';
  code: string;
  description: string;
  dbName: ParcelStatus | '';
  isTerminal: boolean;
}

const toInput = (v: CreateValues) => ({
  operatorType: v.operatorType || undefined,
  code: v.code,
  description: v.description,
  dbName: v.dbName || undefined,
  isTerminal: v.isTerminal,
});

/**
 * /administration/statuses/create (SPEC 2 "+ create"): one carrier code (external status), its description and the
 * internal status it means. Terminal follows the status until the person sets it.
 */
export function StatusCreatePage() {
  usePageTitle('statuses.createTitle');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const [terminalTouched, setTerminalTouched] = useState(false);
  const form = useZodForm(
    createStatusMapSchema,
    { operatorType: '', code: '', description: '', dbName: '', isTerminal: false } as CreateValues,
    toInput,
  );
  const label = (id: string) => intl.formatMessage({ id });

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const saved = await statusesApi.create(toInput(form.values) as never);
      notify.success({ id: 'statuses.created', values: { parcels: saved.parcelsChanged } });
      navigate('/administration/statuses');
    });
  };

  return (
    <div className="depot-page" data-testid="page-status-create">
      <H1>
        <FormattedMessage id="statuses.createTitle" />
      </H1>
      <form
        className="depot-form-card"
        data-testid="status-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="depot-form-grid">
          <FormGroup
            label={label('statuses.field.operatorType')}
            labelFor="status-operator-type"
            intent={form.intent('operatorType')}
            helperText={form.error('operatorType')}
          >
            <OperatorTypeSelect
              id="status-operator-type"
              value={form.values.operatorType}
              onChange={(v) => form.set('operatorType', v)}
              placeholderId="statuses.chooseOperatorType"
              ariaLabel={label('statuses.field.operatorType')}
              testId="status-operator-type"
              intent={form.intent('operatorType')}
            />
          </FormGroup>
          <FormGroup
            label={label('statuses.field.code')}
            labelFor="status-code"
            intent={form.intent('code')}
            helperText={form.error('code')}
          >
            <InputGroup
              id="status-code"
              value={form.values.code}
              onValueChange={(v) => form.set('code', v)}
              intent={form.intent('code')}
              autoComplete="off"
              data-testid="status-code"
            />
          </FormGroup>
          <FormGroup
            label={label('statuses.field.description')}
            labelFor="status-description"
            intent={form.intent('description')}
            helperText={form.error('description')}
          >
            <InputGroup
              id="status-description"
              value={form.values.description}
              onValueChange={(v) => form.set('description', v)}
              intent={form.intent('description')}
              autoComplete="off"
              data-testid="status-description"
            />
          </FormGroup>
          <FormGroup
            label={label('statuses.field.dbName')}
            labelFor="status-db-name"
            intent={form.intent('dbName')}
            helperText={form.error('dbName')}
          >
            <StatusSelect
              id="status-db-name"
              value={form.values.dbName}
              onChange={(v) => {
                const dbName = v ?? '';
                form.set('dbName', dbName);
                if (!terminalTouched) form.set('isTerminal', defaultTerminal(dbName || null));
              }}
              ariaLabel={label('statuses.field.dbName')}
              testId="status-db-name"
              intent={form.intent('dbName')}
            />
          </FormGroup>
          <FormGroup helperText={label('statuses.terminalHint')}>
            <Checkbox
              checked={form.values.isTerminal}
              onChange={(e) => {
                setTerminalTouched(true);
                form.set('isTerminal', e.currentTarget.checked);
              }}
              label={label('statuses.field.isTerminal')}
              data-testid="status-terminal"
            />
          </FormGroup>
        </div>
        <FormFooter
          form={form}
          failure={form.failure ? text(form.failure) : null}
          failureTestId="status-failure"
          busy={form.busy}
          onCancel={() => navigate('/administration/statuses')}
          saveTestId="status-save"
        />
      </form>
    </div>
  );
}
