import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { createApiKeySchema, staffCreateApiKeySchema, type CreatedApiKey } from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useZodForm } from '../../../ui/useZodForm';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import { apiKeysApi } from '../api';
import { ApiKeyFormDialog } from './ApiKeyFormDialog';
import { SecretKeyReveal } from './SecretKeyReveal';

interface Values {
  name: string;
  clientId: string | null;
  clientName: string;
}

const toRequest = (v: Values) => ({ name: v.name, ...(v.clientId ? { clientId: v.clientId } : {}) });

/**
 * "New API key": a name (and, for staff, the client); after saving, the secret is shown once with a copy button
 * and a warning that it will not be shown again. Closing the dialog forgets it.
 */
export function CreateApiKeyDialog(props: {
  isOpen: boolean;
  /** Staff pick the client; a client user's key is always its own client's. */
  staff: boolean;
  /** The client chosen in the list's filter, offered first. */
  client: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return props.isOpen ? <OpenDialog {...props} /> : null;
}

function OpenDialog(props: Parameters<typeof CreateApiKeyDialog>[0]) {
  const notify = useNotify();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useZodForm(
    props.staff ? staffCreateApiKeySchema : createApiKeySchema,
    { name: '', clientId: props.client?.id ?? null, clientName: props.client?.name ?? '' } as Values,
    toRequest,
  );

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      setCreated(await apiKeysApi.create(toRequest(form.values)));
      notify.success({ id: 'apiKeys.created' });
    });
  };

  if (created) {
    return (
      <Modal
        isOpen
        title={<FormattedMessage id="apiKeys.createdTitle" />}
        onClose={props.onClose}
        footer={
          <Button intent={Intent.PRIMARY} onClick={props.onClose} data-testid="api-key-done">
            <FormattedMessage id="apiKeys.done" />
          </Button>
        }
      >
        <SecretKeyReveal secretKey={created.secretKey} name={created.name} />
      </Modal>
    );
  }

  return (
    <ApiKeyFormDialog
      titleId="apiKeys.createTitle"
      formId="api-key-create-form"
      submitLabelId="apiKeys.generate"
      form={form}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      {props.staff ? (
        <FormGroup
          label={<FormattedMessage id="field.client" />}
          intent={form.intent('clientId')}
          helperText={
            form.error('clientId') && <span data-testid="api-key-client-error">{form.error('clientId')}</span>
          }
        >
          <ClientPicker
            value={form.values.clientId ? { id: form.values.clientId, name: form.values.clientName } : null}
            onChange={(c) => {
              form.set('clientId', c.id);
              form.set('clientName', c.companyName);
            }}
            intent={form.errors.clientId ? 'danger' : 'none'}
            testId="api-key-client"
          />
        </FormGroup>
      ) : null}
    </ApiKeyFormDialog>
  );
}
