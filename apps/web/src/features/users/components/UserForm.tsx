import { FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { LANGUAGES, ROLES, type Language, type Role } from '@depot/contracts';
import { canAssignRole } from '@depot/domain';
import { useAtomValue } from 'jotai';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserAtom } from '../../../session/session';
import type { useZodForm } from '../../../ui/useZodForm';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import { FormFooter } from '../../../ui/FormFooter';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  lang: Language;
  clientId: string | null;
  clientName: string;
  disableNewOrders: boolean;
  active: boolean;
  password: string;
  confirmPassword: string;
}

type Form = ReturnType<typeof useZodForm>;

/**
 * The user form of the create and edit screens. `editable` limits what may be changed (a user editing
 * itself without the right to manage users changes only names and language).
 */
export function UserForm(props: {
  form: Form;
  mode: 'create' | 'edit';
  editable: 'all' | 'self';
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const me = useAtomValue(currentUserAtom);
  const { form } = props;
  const values = form.values as unknown as UserFormValues;
  const set = form.set as unknown as <K extends keyof UserFormValues>(k: K, v: UserFormValues[K]) => void;
  const locked = props.editable === 'self';
  const roles = ROLES.filter(
    (r) => r === values.role || (me && canAssignRole({ userId: me.id, role: me.role }, r).ok),
  );

  const field = (name: keyof UserFormValues, labelId: string, input: ReactNode) => (
    <FormGroup
      label={<FormattedMessage id={labelId} />}
      labelFor={`user-${name}`}
      intent={form.intent(name)}
      helperText={form.error(name)}
    >
      {input}
    </FormGroup>
  );
  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword',
    type = 'text',
    disabled = false,
  ) => (
    <InputGroup
      id={`user-${name}`}
      type={type}
      value={values[name]}
      onValueChange={(v) => set(name, v)}
      intent={form.intent(name)}
      disabled={disabled}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      data-testid={`user-${name}`}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form className="depot-form" onSubmit={submit} noValidate data-testid="user-form">
      <div className="depot-form-grid">
        {field('firstName', 'field.firstName', text('firstName'))}
        {field('lastName', 'field.lastName', text('lastName'))}
        {field('email', 'field.email', text('email', 'email', locked))}
        {field(
          'role',
          'field.role',
          <HTMLSelect
            id="user-role"
            fill
            value={values.role}
            disabled={locked}
            onChange={(e) => set('role', e.currentTarget.value as Role)}
            options={roles.map((r) => ({ value: r, label: intl.formatMessage({ id: `role.${r}` }) }))}
            data-testid="user-role"
          />,
        )}
        {field(
          'lang',
          'field.language',
          <HTMLSelect
            id="user-lang"
            fill
            value={values.lang}
            onChange={(e) => set('lang', e.currentTarget.value as Language)}
            options={LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `language.${l}` }) }))}
            data-testid="user-lang"
          />,
        )}
        {values.role === 'user'
          ? field(
              'clientId',
              'field.client',
              locked ? (
                <InputGroup id="user-clientId" value={values.clientName} disabled />
              ) : (
                <ClientPicker
                  value={values.clientId ? { id: values.clientId, name: values.clientName } : null}
                  intent={form.errors.clientId ? 'danger' : 'none'}
                  onChange={(c) => {
                    set('clientId', c.id);
                    set('clientName', c.companyName);
                  }}
                />
              ),
            )
          : null}
        {!locked || props.mode === 'create' ? (
          <>
            {field(
              'password',
              props.mode === 'create' ? 'field.password' : 'field.newPasswordOptional',
              text('password', 'password'),
            )}
            {field('confirmPassword', 'field.confirmPassword', text('confirmPassword', 'password'))}
          </>
        ) : null}
      </div>
      {!locked ? (
        <div className="depot-form-switches">
          <Switch
            checked={values.active}
            label={intl.formatMessage({ id: 'field.active' })}
            onChange={(e) => set('active', e.currentTarget.checked)}
            data-testid="user-active"
          />
          {values.role === 'user' ? (
            <Switch
              checked={values.disableNewOrders}
              label={intl.formatMessage({ id: 'field.disableNewOrders' })}
              onChange={(e) => set('disableNewOrders', e.currentTarget.checked)}
              data-testid="user-disableNewOrders"
            />
          ) : null}
        </div>
      ) : null}
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="user-form-error"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="user-cancel"
        saveTestId="user-save"
      />
    </form>
  );
}
