import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { createApiKeySchema, staffCreateApiKeySchema, type CreatedApiKey } from '@depot/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { ClientPicker } from '../../users/components/ClientPicker';
import { apiKeysApi } from '../api';
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
  const text = useText();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useZodForm(
    props.staff ? staffCreateApiKeySchema : createApiKeySchema,
    { name: '', clientId: props.client?.id ?? null, clientName: props.client?.name ?? '' } as Values,
    toRequest,
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
    <Modal
      isOpen
      title={<FormattedMessage id="apiKeys.createTitle" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="api-key-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form="api-key-create-form"
            intent={Intent.PRIMARY}
            loading={form.busy}
            data-testid="api-key-save"
          >
            <FormattedMessage id="apiKeys.generate" />
          </Button>
        </>
      }
    >
      <form id="api-key-create-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormGroup
          label={<FormattedMessage id="apiKeys.field.name" />}
          labelFor="api-key-name"
          intent={form.intent('name')}
          helperText={
            form.error('name') && <span data-testid="api-key-name-error">{form.error('name')}</span>
          }
        >
          <InputGroup
            id="api-key-name"
            value={form.values.name}
            onValueChange={(v) => form.set('name', v)}
            intent={form.intent('name')}
            autoFocus
            autoComplete="off"
            data-testid="api-key-name"
          />
        </FormGroup>
        {props.staff ? (
          <FormGroup
            label={<FormattedMessage id="field.client" />}
            intent={form.intent('clientId')}
            helperText={
              form.error('clientId') && (
                <span data-testid="api-key-client-error">{form.error('clientId')}</span>
              )
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
        {form.failure ? (
          <Callout intent={Intent.DANGER} data-testid="api-key-failure">
            {text(form.failure)}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
