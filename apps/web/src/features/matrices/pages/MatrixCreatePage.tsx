import { H1 } from '@blueprintjs/core';
import { createMatrixSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useZodForm } from '../../../ui/useZodForm';
import { matricesApi } from '../api';
import { MatrixForm, useMatrixOperators } from '../components/MatrixForm';
import { emptyMatrixForm, toCreateRequest } from '../matrixFormValues';

export function MatrixCreatePage() {
  usePageTitle('matrices.createTitle');
  const operators = useMatrixOperators();
  const form = useZodForm(createMatrixSchema, emptyMatrixForm(), toCreateRequest);
  const formProps = useFormSubmit(form, '/administration/matrixes', async () => {
    const created = await matricesApi.create(toCreateRequest(form.values));
    return created.isDefault ? 'matrices.createdDefault' : 'matrices.created';
  });

  return (
    <div className="depot-page" data-testid="page-matrix-create">
      <H1>
        <FormattedMessage id="matrices.createTitle" />
      </H1>
      <div className="depot-form-card depot-matrix-card">
        <MatrixForm form={form as never} operators={operators} isCurrentDefault={false} {...formProps} />
      </div>
    </div>
  );
}
