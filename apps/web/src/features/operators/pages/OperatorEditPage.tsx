import { H1 } from '@blueprintjs/core';
import { contract, updateOperatorSchema, type OperatorView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { canAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorsApi } from '../api';
import { useDecimalInput } from '../../../ui/format';
import { operatorToForm, toRequest, type OperatorFormValues } from '../operatorFormValues';
import { AdditionalServicesCard } from '../components/AdditionalServicesCard';
import { OperatorForm } from '../components/OperatorForm';
import { useRouteQuery } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';
import { SandboxTag } from '../../../ui/SandboxTag';

const toUpdate = (v: OperatorFormValues) => toRequest(v, 'edit');

export function OperatorEditPage() {
  usePageTitle('operators.editTitle');
  const { operatorId = '' } = useParams();
  const query = useRouteQuery(contract.operators.get, { params: { id: operatorId } });
  const can = useAtomValue(canAtom);
  return (
    <QueryGate query={query}>
      {(operator) => (
        <div className="depot-page" data-testid="page-operator-edit">
          <H1>
            <FormattedMessage id="operators.editTitle" />
            <SandboxTag operatorId={operator.id} />
          </H1>
          <EditForm key={operator.updatedAt} operator={operator} />
          <AdditionalServicesCard operatorId={operator.id} canWrite={can('operators.write')} />
        </div>
      )}
    </QueryGate>
  );
}

function EditForm(props: { operator: OperatorView }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const { operator } = props;
  const decimal = useDecimalInput();
  const form = useZodForm(updateOperatorSchema, operatorToForm(operator, decimal), toUpdate);

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
