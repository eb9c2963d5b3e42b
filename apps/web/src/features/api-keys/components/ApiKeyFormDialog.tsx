import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../../ui/Modal';

/**
 * The dialog that names an API key (new key, rename): the name field, any further fields, the refusal if the
 * server gave one, Cancel and the submit button (outside the form, tied to it by `formId`).
 */
export function ApiKeyFormDialog(props: {
  titleId: string;
  formId: string;
  submitLabelId: string;
  name: string;
  onName: (name: string) => void;
  /** The name's validation message, if any. */
  nameError?: string;
  /** The server's refusal, already in the user's language. */
  failure?: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Fields after the name (staff pick the client). */
  children?: ReactNode;
}) {
  const nameIntent = props.nameError ? Intent.DANGER : Intent.NONE;
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
            loading={props.busy}
            data-testid="api-key-save"
          >
            <FormattedMessage id={props.submitLabelId} />
          </Button>
        </>
      }
    >
      <form id={props.formId} onSubmit={submit} noValidate>
        <FormGroup
          label={<FormattedMessage id="apiKeys.field.name" />}
          labelFor="api-key-name"
          intent={nameIntent}
          helperText={props.nameError && <span data-testid="api-key-name-error">{props.nameError}</span>}
        >
          <InputGroup
            id="api-key-name"
            value={props.name}
            onValueChange={props.onName}
            intent={nameIntent}
            autoFocus
            autoComplete="off"
            data-testid="api-key-name"
          />
        </FormGroup>
        {props.children}
        {props.failure ? (
          <Callout intent={Intent.DANGER} data-testid="api-key-failure">
            {props.failure}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
