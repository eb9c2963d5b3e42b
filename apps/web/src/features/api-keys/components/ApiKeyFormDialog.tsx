import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ErrorText } from '../../../api/errors';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { Modal } from '../../../ui/Modal';
import { useText } from '../../../ui/useText';

/** What the dialog needs of its form (useZodForm over a body with a name). */
interface NamedKeyForm {
  values: { name: string };
  set(key: 'name', value: string): void;
  error(field: string): string | undefined;
  busy: boolean;
  failure: ErrorText | null;
  fieldFailures: number;
  errors: Record<string, string>;
}

/**
 * The dialog that names an API key (new key, rename): the name field, any further fields, the refusal if the
 * server gave one, Cancel and the submit button (outside the form, tied to it by `formId`).
 */
export function ApiKeyFormDialog(props: {
  titleId: string;
  formId: string;
  submitLabelId: string;
  form: NamedKeyForm;
  onSubmit: () => void;
  onClose: () => void;
  /** Fields after the name (staff pick the client). */
  children?: ReactNode;
}) {
  const text = useText();
  const { form } = props;
  const nameError = form.error('name');
  const nameIntent = nameError ? Intent.DANGER : Intent.NONE;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Modal
      isOpen
      title={<FormattedMessage id={props.titleId} />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="api-key-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form={props.formId}
            intent={Intent.PRIMARY}
            loading={form.busy}
            data-testid="api-key-save"
          >
            <FormattedMessage id={props.submitLabelId} />
          </Button>
        </>
      }
    >
      <form id={props.formId} onSubmit={submit} noValidate>
        <FocusFirstError form={form} />
        <FormGroup
          label={<FormattedMessage id="apiKeys.field.name" />}
          labelFor="api-key-name"
          intent={nameIntent}
          helperText={nameError && <span data-testid="api-key-name-error">{nameError}</span>}
        >
          <InputGroup
            id="api-key-name"
            value={form.values.name}
            onValueChange={(v) => form.set('name', v)}
            intent={nameIntent}
            autoFocus
            autoComplete="off"
            data-testid="api-key-name"
          />
        </FormGroup>
        {props.children}
        {form.failure ? (
          <Callout intent={Intent.DANGER} data-testid="api-key-failure">
            {text(form.failure)}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
