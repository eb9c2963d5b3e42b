import { H1 } from '@blueprintjs/core';
import { createClientSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { clientsApi } from '../api';
import { emptyClientForm, toCreateRequest } from '../clientFormValues';
import { ClientForm } from '../components/ClientForm';
import { useSaveWarnings } from '../useSaveWarnings';

export function ClientCreatePage() {
  usePageTitle('clients.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const showWarnings = useSaveWarnings();
  const form = useZodForm(createClientSchema, emptyClientForm(), toCreateRequest);
  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const saved = await clientsApi.create(toCreateRequest(form.values) as never);
      notify.success({ id: 'clients.created' });
      showWarnings(saved);
      navigate('/administration/clients');
    });
  };

  return (
    <div className="depot-page" data-testid="page-client-create">
      <H1>
        <FormattedMessage id="clients.createTitle" />
      </H1>
      <div className="depot-form-card">
        <ClientForm
          form={form as never}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/administration/clients')}
        />
      </div>
    </div>
  );
}
