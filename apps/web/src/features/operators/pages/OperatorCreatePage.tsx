import { H2 } from '@blueprintjs/core';
import { createOperatorSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorsApi } from '../api';
import { emptyOperatorForm, toRequest, type OperatorFormValues } from '../operatorFormValues';
import { OperatorForm } from '../components/OperatorForm';

const toCreate = (v: OperatorFormValues) => toRequest(v, 'create');

export function OperatorCreatePage() {
  usePageTitle('operators.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const form = useZodForm(createOperatorSchema, emptyOperatorForm(), toCreate);
  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      await operatorsApi.create(toCreate(form.values) as never);
      notify.success({ id: 'operators.created' });
      navigate('/administration/operators');
    });
  };

  return (
    <div className="depot-page" data-testid="page-operator-create">
      <H2>
        <FormattedMessage id="operators.createTitle" />
      </H2>
      <div className="depot-form-card">
        <OperatorForm
          form={form as never}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/administration/operators')}
        />
      </div>
    </div>
  );
}
