import { H1 } from '@blueprintjs/core';
import { createOperatorSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorsApi } from '../api';
import { emptyOperatorForm, toRequest, type OperatorFormValues } from '../operatorFormValues';
import { OperatorForm } from '../components/OperatorForm';

const toCreate = (v: OperatorFormValues) => toRequest(v, 'create');

export function OperatorCreatePage() {
  usePageTitle('operators.createTitle');
  const form = useZodForm(createOperatorSchema, emptyOperatorForm(), toCreate);
  const formProps = useFormSubmit(form, '/administration/operators', async () => {
    await operatorsApi.create(toCreate(form.values) as never);
    return 'operators.created';
  });

  return (
    <div className="depot-page" data-testid="page-operator-create">
      <H1>
        <FormattedMessage id="operators.createTitle" />
      </H1>
      <div className="depot-form-card">
        <OperatorForm form={form as never} {...formProps} />
      </div>
    </div>
  );
}
