import { Button, Card, FormGroup, H1, H2, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  changePasswordSchema,
  LANGUAGES,
  MESSAGES,
  type Language,
  type UpdateUserRequest,
  type UserView,
} from '@depot/contracts';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { client } from '../../../api/contract-client';
import { ApiError } from '../../../api/errors';
import { useLanguage } from '../../../i18n/useLanguage';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useZodForm } from '../../../ui/useZodForm';

/** Account editing: own name and language, and a password change (SPEC §2). */
export function AccountPage() {
  usePageTitle('account.title');
  const [user, setUser] = useAtom(currentUserAtom);
  const location = useLocation();
  const passwordRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (location.hash === '#password') passwordRef.current?.scrollIntoView();
  }, [location.hash]);

  if (!user) return null;
  return (
    <div className="depot-page" data-testid="page-account">
      <H1>
        <FormattedMessage id="account.title" />
      </H1>
      <div className="depot-account-cards">
        <ProfileCard user={user} onSaved={(u) => setUser({ ...user, ...u })} />
        <div ref={passwordRef}>
          <PasswordCard />
        </div>
      </div>
    </div>
  );
}

function ProfileCard({ user, onSaved }: { user: UserView; onSaved: (u: UserView) => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const { changeLanguage } = useLanguage();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [lang, setLang] = useState<Language>(user.lang);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body: UpdateUserRequest = {};
    if (firstName.trim() !== user.firstName) body.firstName = firstName;
    if (lastName.trim() !== user.lastName) body.lastName = lastName;
    if (lang !== user.lang) body.lang = lang;
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    setBusy(true);
    try {
      const saved = await client.users.update({ params: { userId: user.id }, body });
      onSaved(saved);
      if (body.lang) await changeLanguage(saved.lang);
      notify.success({ id: 'account.saved' });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="depot-form-card">
      <H2>
        <FormattedMessage id="account.profile" />
      </H2>
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormGroup label={<FormattedMessage id="field.email" />} labelFor="account-email">
          <InputGroup id="account-email" value={user.email} disabled />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="field.firstName" />} labelFor="account-firstName">
          <InputGroup
            id="account-firstName"
            value={firstName}
            onValueChange={setFirstName}
            data-testid="account-firstName"
          />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="field.lastName" />} labelFor="account-lastName">
          <InputGroup
            id="account-lastName"
            value={lastName}
            onValueChange={setLastName}
            data-testid="account-lastName"
          />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="field.language" />} labelFor="account-lang">
          <HTMLSelect
            id="account-lang"
            fill
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value as Language)}
            options={LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `language.${l}` }) }))}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} data-testid="account-save">
          <FormattedMessage id="common.save" />
        </Button>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const notify = useNotify();
  const form = useZodForm(changePasswordSchema, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      await client.users.changePassword({ body });
      notify.success({ id: 'server.passwordChanged' });
      form.setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
    } catch (err) {
      // SPEC §8: a wrong old password is an info, not an error.
      if (err instanceof ApiError && err.body?.message === MESSAGES.invalidOldPassword)
        notify.info({ id: 'server.invalidOldPassword' });
      else if (!form.showServerErrors(err)) notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  const input = (name: 'oldPassword' | 'newPassword' | 'confirmPassword', labelId: string) => (
    <FormGroup
      label={<FormattedMessage id={labelId} />}
      labelFor={`pw-${name}`}
      intent={form.intent(name)}
      helperText={form.error(name)}
    >
      <InputGroup
        id={`pw-${name}`}
        type="password"
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        value={form.values[name]}
        onValueChange={(v) => form.set(name, v)}
        intent={form.intent(name)}
        data-testid={`pw-${name}`}
      />
    </FormGroup>
  );

  return (
    <Card className="depot-form-card" id="password">
      <H2>
        <FormattedMessage id="account.changePassword" />
      </H2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {input('oldPassword', 'field.oldPassword')}
        {input('newPassword', 'field.newPassword')}
        {input('confirmPassword', 'field.confirmPassword')}
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} data-testid="pw-submit">
          <FormattedMessage id="account.changePassword" />
        </Button>
      </form>
    </Card>
  );
}
