import { H2 } from '@blueprintjs/core';
import { createMatrixSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { matricesApi } from '../api';
import { MatrixForm, useMatrixOperators } from '../components/MatrixForm';
import { emptyMatrixForm, toCreateRequest } from '../matrixFormValues';

export function MatrixCreatePage() {
  usePageTitle('matrices.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const operators = useMatrixOperators();
  const form = useZodForm(createMatrixSchema, emptyMatrixForm(), toCreateRequest);
  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const created = await matricesApi.create(toCreateRequest(form.values));
      notify.success({ id: created.isDefault ? 'matrices.createdDefault' : 'matrices.created' });
      navigate('/administration/matrixes');
    });
  };

  return (
    <div className="depot-page" data-testid="page-matrix-create">
      <H2>
        <FormattedMessage id="matrices.createTitle" />
      </H2>
      <div className="depot-form-card depot-matrix-card">
        <MatrixForm
          form={form as never}
          operators={operators}
          isCurrentDefault={false}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/administration/matrixes')}
        />
      </div>
    </div>
  );
}
