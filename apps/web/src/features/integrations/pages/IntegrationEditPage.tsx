import { Button, H1 } from '@blueprintjs/core';
import { contract, updateIntegrationSchema, type IntegrationView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { integrationsApi } from '../api';
import { IntegrationForm } from '../components/IntegrationForm';
import { integrationToForm, toUpdateRequest, type IntegrationFormValues } from '../integrationFormValues';
import { useRouteQuery } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';

const LIST = '/settings/integrations';

export function IntegrationEditPage() {
  usePageTitle('integrations.editTitle');
  const { integrationId = '' } = useParams();
  const query = useRouteQuery(contract.integrations.get, { params: { id: integrationId } });
  return (
    <QueryGate query={query}>
      {(integration) => <EditForm key={integration.updatedAt} integration={integration} />}
    </QueryGate>
  );
}

function EditForm({ integration }: { integration: IntegrationView }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useZodForm(
    updateIntegrationSchema,
    integrationToForm(integration),
    (v: IntegrationFormValues) => toUpdateRequest(v, integration),
  );

  const submit = async () => {
    const body = toUpdateRequest(form.values, integration);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      await integrationsApi.update(integration.id, body);
      notify.success({ id: 'integrations.saved' });
      navigate(LIST);
    });
  };

  const remove = () =>
    integrationsApi.remove(integration.id).then(() => {
      notify.success({ id: 'integrations.deleted' });
      navigate(LIST);
    }, notify.failure);

  return (
    <div className="depot-page" data-testid="page-integration-edit">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="integrations.editTitle" />
        </H1>
        {can('integrations.write') ? (
          <Button
            icon="trash"
            intent="danger"
            minimal
            onClick={() => setConfirmDelete(true)}
            data-testid="integration-delete"
          >
            <FormattedMessage id="integrations.delete" />
          </Button>
        ) : null}
      </div>
      <div className="depot-form-card">
        <IntegrationForm
          form={form}
          mode="edit"
          type={integration.type}
          keyHint={integration.keyHint}
          clientChoice={me?.clientId ? 'none' : 'show'}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate(LIST)}
        />
      </div>
      <ConfirmDialog
        isOpen={confirmDelete}
        intent="danger"
        titleId="integrations.deleteTitle"
        messageId="integrations.deleteMessage"
        values={{ name: integration.name }}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
      />
    </div>
  );
}
