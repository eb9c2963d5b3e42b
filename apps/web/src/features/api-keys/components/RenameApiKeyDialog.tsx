import { updateApiKeySchema, type ApiKeyView } from '@depot/contracts';
import { useNotify } from '../../../ui/useNotify';
import { useZodForm } from '../../../ui/useZodForm';
import { apiKeysApi } from '../api';
import { ApiKeyFormDialog } from './ApiKeyFormDialog';

/** Renames a key (its secret does not change). */
export function RenameApiKeyDialog(props: { apiKey: ApiKeyView | null; onClose: () => void }) {
  return props.apiKey ? <OpenDialog apiKey={props.apiKey} onClose={props.onClose} /> : null;
}

function OpenDialog(props: { apiKey: ApiKeyView; onClose: () => void }) {
  const notify = useNotify();
  const form = useZodForm(updateApiKeySchema, { name: props.apiKey.name });

  const submit = async () => {
    if (form.values.name.trim() === props.apiKey.name) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      await apiKeysApi.update(props.apiKey.id, { name: form.values.name });
      notify.success({ id: 'apiKeys.saved' });
      props.onClose();
    });
  };

  return (
    <ApiKeyFormDialog
      titleId="apiKeys.renameTitle"
      formId="api-key-rename-form"
      submitLabelId="common.save"
      form={form}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    />
  );
}
