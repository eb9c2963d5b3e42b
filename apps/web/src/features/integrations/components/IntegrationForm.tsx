import { Button, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import type { IntegrationType } from '@depot/contracts';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { FormattedMessage, useIntl } from 'react-intl';
import type { useZodForm } from '../../../ui/useZodForm';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import type { IntegrationFormValues } from '../integrationFormValues';
import { integrationTypeId } from '../integrationTypes';
import { FormFooter } from '../../../ui/FormFooter';
import { Tag } from '../../../ui/Tag';

type Form = ReturnType<typeof useZodForm<z.ZodType, IntegrationFormValues>>;

/**
 * The integration form (SPEC §3: name, type, key, user), shown once the type is chosen. The type is fixed here;
 * on a new integration it can be chosen again. On edit the key field is empty: leaving it so keeps the stored key.
 */
export function IntegrationForm(props: {
  form: Form;
  mode: 'create' | 'edit';
  type: IntegrationType;
  /** The masked stored key (edit). */
  keyHint?: string;
  /** Staff pick the client on create; on edit it is shown. */
  clientChoice: 'pick' | 'show' | 'none';
  busy: boolean;
  failure: ReactNode;
  onChangeType?: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { form } = props;
  const values = form.values;

  const field = (
    name: keyof IntegrationFormValues,
    labelId: string,
    input: ReactNode,
    helper?: ReactNode,
  ) => (
    <FormGroup
      label={<FormattedMessage id={labelId} />}
      labelFor={`integration-${name}`}
      intent={form.intent(name)}
      helperText={form.error(name) ?? helper}
    >
      {input}
    </FormGroup>
  );
  const text = (name: 'name' | 'key' | 'user', type = 'text', placeholder?: string) => (
    <InputGroup
      id={`integration-${name}`}
      type={type}
      value={values[name]}
      onValueChange={(v) => form.set(name, v)}
      intent={form.intent(name)}
      placeholder={placeholder}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      data-testid={`integration-${name}`}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="integration-form">
      <FormGroup label={<FormattedMessage id="integrations.field.type" />}>
        <span className="depot-row-actions">
          <Tag large minimal intent={Intent.PRIMARY} data-testid="integration-type">
            <FormattedMessage id={integrationTypeId(props.type)} />
          </Tag>
          {props.onChangeType ? (
            <Button
              minimal
              small
              icon="swap-horizontal"
              onClick={props.onChangeType}
              data-testid="integration-change-type"
            >
              <FormattedMessage id="integrations.changeType" />
            </Button>
          ) : null}
        </span>
      </FormGroup>
      {props.clientChoice === 'pick'
        ? field(
            'clientId',
            'field.client',
            <ClientPicker
              value={values.clientId ? { id: values.clientId, name: values.clientName } : null}
              onChange={(c) => {
                form.set('clientId', c.id);
                form.set('clientName', c.companyName);
              }}
              intent={form.errors.clientId ? 'danger' : 'none'}
              testId="integration-clientId"
            />,
          )
        : null}
      {props.clientChoice === 'show'
        ? field(
            'clientId',
            'field.client',
            <InputGroup id="integration-clientId" value={values.clientName} readOnly />,
          )
        : null}
      {field('name', 'integrations.field.name', text('name'))}
      {field(
        'key',
        'integrations.field.key',
        text(
          'key',
          'password',
          props.mode === 'edit' ? intl.formatMessage({ id: 'integrations.keyKeepPlaceholder' }) : undefined,
        ),
        props.mode === 'edit' && props.keyHint ? (
          <span data-testid="integration-key-hint">
            <FormattedMessage id="integrations.keyStored" values={{ name: props.keyHint }} />
          </span>
        ) : undefined,
      )}
      {field('user', 'integrations.field.user', text('user'))}
      <Switch
        checked={values.active}
        onChange={(e) => form.set('active', e.currentTarget.checked)}
        label={intl.formatMessage({ id: 'integrations.field.active' })}
        data-testid="integration-active"
      />
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="integration-failure"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="integration-cancel"
        saveTestId="integration-save"
      />
    </form>
  );
}
