import { H2, Spinner } from '@blueprintjs/core';
import { updateOperatorSchema, type OperatorView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { canAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorsApi } from '../api';
import { operatorToForm, toRequest, type OperatorFormValues } from '../operatorFormValues';
import { AdditionalServicesCard } from '../components/AdditionalServicesCard';
import { OperatorForm } from '../components/OperatorForm';

const toUpdate = (v: OperatorFormValues) => toRequest(v, 'edit');

export function OperatorEditPage() {
  usePageTitle('operators.editTitle');
  const { operatorId = '' } = useParams();
  const [operator, setOperator] = useState<OperatorView | null>(null);
  const [missing, setMissing] = useState(false);
  const notify = useNotify();
  const can = useAtomValue(canAtom);

  useEffect(() => {
    operatorsApi.get(operatorId).then(setOperator, (err: unknown) => {
      setMissing(true);
      notify.failure(err);
    });
  }, [operatorId, notify]);

  if (missing) return <NotFoundPage />;
  if (!operator) return <Spinner className="depot-page-spinner" />;
  return (
    <div className="depot-page" data-testid="page-operator-edit">
      <H2>
        <FormattedMessage id="operators.editTitle" />
      </H2>
      <EditForm key={operator.updatedAt} operator={operator} />
      <AdditionalServicesCard operatorId={operator.id} canWrite={can('operators.write')} />
    </div>
  );
}

function EditForm(props: { operator: OperatorView }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const { operator } = props;
  const form = useZodForm(updateOperatorSchema, operatorToForm(operator), toUpdate);

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      await operatorsApi.update(operator.id, toUpdate(form.values) as never);
      notify.success({ id: 'operators.saved' });
      navigate('/administration/operators');
    });
  };

  return (
    <div className="depot-form-card">
      <OperatorForm
        form={form as never}
        saved={operator}
        busy={form.busy}
        failure={form.failure ? text(form.failure) : null}
        onSubmit={() => void submit()}
        onCancel={() => navigate(-1)}
      />
    </div>
  );
}
