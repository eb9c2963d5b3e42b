import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { updateApiKeySchema, type ApiKeyView } from '@depot/contracts';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { apiKeysApi } from '../api';

/** Renames a key (its secret does not change). */
export function RenameApiKeyDialog(props: { apiKey: ApiKeyView | null; onClose: () => void }) {
  return props.apiKey ? <OpenDialog apiKey={props.apiKey} onClose={props.onClose} /> : null;
}

function OpenDialog(props: { apiKey: ApiKeyView; onClose: () => void }) {
  const notify = useNotify();
  const text = useText();
  const form = useZodForm(updateApiKeySchema, { name: props.apiKey.name });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.values.name.trim() === props.apiKey.name) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      await apiKeysApi.update(props.apiKey.id, { name: form.values.name });
      notify.success({ id: 'apiKeys.saved' });
      props.onClose();
    });
  };

  return (
    <Modal
      isOpen
      title={<FormattedMessage id="apiKeys.renameTitle" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="api-key-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form="api-key-rename-form"
            intent={Intent.PRIMARY}
            loading={form.busy}
            data-testid="api-key-save"
          >
            <FormattedMessage id="common.save" />
          </Button>
        </>
      }
    >
      <form id="api-key-rename-form" onSubmit={(e) => void submit(e)} noValidate>
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
        {form.failure ? (
          <Callout intent={Intent.DANGER} data-testid="api-key-failure">
            {text(form.failure)}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
