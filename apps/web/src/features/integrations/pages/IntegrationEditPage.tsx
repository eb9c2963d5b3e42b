import { Button, H2, Spinner } from '@blueprintjs/core';
import { updateIntegrationSchema, type IntegrationView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { integrationsApi } from '../api';
import { IntegrationForm } from '../components/IntegrationForm';
import { integrationToForm, toUpdateRequest, type IntegrationFormValues } from '../integrationFormValues';

const LIST = '/settings/integrations';

export function IntegrationEditPage() {
  usePageTitle('integrations.editTitle');
  const { integrationId = '' } = useParams();
  const [integration, setIntegration] = useState<IntegrationView | null>(null);
  const [missing, setMissing] = useState(false);
  const notify = useNotify();

  useEffect(() => {
    integrationsApi.get(integrationId).then(setIntegration, (err: unknown) => {
      setMissing(true);
      notify.failure(err);
    });
  }, [integrationId, notify]);

  if (missing) return <NotFoundPage />;
  if (!integration) return <Spinner className="depot-page-spinner" />;
  return <EditForm key={integration.updatedAt} integration={integration} />;
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
        <H2>
          <FormattedMessage id="integrations.editTitle" />
        </H2>
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
