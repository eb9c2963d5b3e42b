import { H2 } from '@blueprintjs/core';
import { createClientSchema } from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { describeError, type ErrorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { clientsApi } from '../api';
import { emptyClientForm, toCreateRequest } from '../clientFormValues';
import { ClientForm } from '../components/ClientForm';

export function ClientCreatePage() {
  usePageTitle('clients.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const form = useZodForm(createClientSchema, emptyClientForm(), toCreateRequest);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const submit = async () => {
    setFailure(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      await clientsApi.create(toCreateRequest(form.values) as never);
      notify.success({ id: 'clients.created' });
      navigate('/administration/clients');
    } catch (err) {
      if (!form.showServerErrors(err)) setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="depot-page" data-testid="page-client-create">
      <H2>
        <FormattedMessage id="clients.createTitle" />
      </H2>
      <div className="depot-form-card">
        <ClientForm
          form={form as never}
          busy={busy}
          failure={failure ? text(failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/administration/clients')}
        />
      </div>
    </div>
  );
}
