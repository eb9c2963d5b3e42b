import { Button, Callout, Card, FormGroup, H1, H2, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  changePasswordSchema,
  LANGUAGES,
  MESSAGES,
  updateUserSchema,
  type Language,
  type UpdateUserRequest,
  type UserView,
} from '@depot/contracts';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { client } from '../../../api/contract-client';
import { ApiError, type ErrorText } from '../../../api/errors';
import { useLanguage } from '../../../i18n/useLanguage';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { LeaveGuard } from '../../../ui/form/LeaveGuard';
import { useZodForm } from '../../../ui/useZodForm';

/** Account editing: own name and language, and a password change (SPEC §2). */
export function AccountPage() {
  usePageTitle('account.title');
  const [user, setUser] = useAtom(currentUserAtom);
  const location = useLocation();
  const passwordRef = useRef<HTMLDivElement>(null);
  // One guard for the page's two forms (the router takes one blocker at a time): leaving asks if either has changes.
  const forms = useRef(new Set<() => boolean>());
  const unsaved = useCallback(() => [...forms.current].some((changed) => changed()), []);

  useEffect(() => {
    if (location.hash === '#password') passwordRef.current?.scrollIntoView();
  }, [location.hash]);

  if (!user) return null;
  return (
    <div className="depot-page" data-testid="page-account">
      <H1>
        <FormattedMessage id="account.title" />
      </H1>
      <LeaveGuard unsaved={unsaved} />
      <div className="depot-account-cards">
        <ProfileCard user={user} onSaved={(u) => setUser({ ...user, ...u })} forms={forms.current} />
        <div ref={passwordRef}>
          <PasswordCard forms={forms.current} />
        </div>
      </div>
    </div>
  );
}

/** The page's forms, each reporting whether it has unsaved changes (AccountPage's one LeaveGuard reads them). */
type PageForms = Set<() => boolean>;

/** Counts a form in the page's leave guard while it is shown. */
function useGuarded(forms: PageForms, unsaved: () => boolean) {
  useEffect(() => {
    forms.add(unsaved);
    return () => void forms.delete(unsaved);
  }, [forms, unsaved]);
}

function ProfileCard({
  user,
  onSaved,
  forms,
}: {
  user: UserView;
  onSaved: (u: UserView) => void;
  forms: PageForms;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const { changeLanguage } = useLanguage();
  /** What the save sends: only the fields that changed (checked by the API's own schema). */
  const changed = (v: ProfileValues): UpdateUserRequest => ({
    ...(v.firstName.trim() !== user.firstName ? { firstName: v.firstName } : {}),
    ...(v.lastName.trim() !== user.lastName ? { lastName: v.lastName } : {}),
    ...(v.lang !== user.lang ? { lang: v.lang } : {}),
  });
  const form = useZodForm(
    updateUserSchema,
    { firstName: user.firstName, lastName: user.lastName, lang: user.lang } as ProfileValues,
    changed,
  );
  useGuarded(forms, form.unsaved);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    await form.run(async () => {
      const saved = await client.users.update({ params: { userId: user.id }, body });
      onSaved(saved);
      if (body.lang) await changeLanguage(saved.lang);
      notify.success({ id: 'account.saved' });
    });
  };

  const text = (field: 'firstName' | 'lastName') => (
    <FormGroup
      label={<FormattedMessage id={`field.${field}`} />}
      labelFor={`account-${field}`}
      intent={form.intent(field)}
      helperText={form.error(field)}
    >
      <InputGroup
        id={`account-${field}`}
        value={form.values[field]}
        onValueChange={(v) => form.set(field, v)}
        intent={form.intent(field)}
        data-testid={`account-${field}`}
      />
    </FormGroup>
  );

  return (
    <Card className="depot-form-card">
      <H2>
        <FormattedMessage id="account.profile" />
      </H2>
      <form onSubmit={(e) => void save(e)} noValidate>
        <FocusFirstError form={form} />
        <FormGroup label={<FormattedMessage id="field.email" />} labelFor="account-email">
          <InputGroup id="account-email" value={user.email} disabled />
        </FormGroup>
        {text('firstName')}
        {text('lastName')}
        <FormGroup label={<FormattedMessage id="field.language" />} labelFor="account-lang">
          <HTMLSelect
            id="account-lang"
            fill
            value={form.values.lang}
            onChange={(e) => form.set('lang', e.currentTarget.value as Language)}
            options={LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `language.${l}` }) }))}
          />
        </FormGroup>
        {form.failure ? (
          <Callout intent={Intent.DANGER} className="depot-form-error" data-testid="account-failure">
            <FailureText failure={form.failure} />
          </Callout>
        ) : null}
        <Button type="submit" intent={Intent.PRIMARY} loading={form.busy} data-testid="account-save">
          <FormattedMessage id="common.save" />
        </Button>
      </form>
    </Card>
  );
}

interface ProfileValues {
  firstName: string;
  lastName: string;
  lang: Language;
}

/** A refusal the server gave, in the user's words. */
function FailureText({ failure }: { failure: ErrorText }) {
  return <>{useText()(failure)}</>;
}

function PasswordCard({ forms }: { forms: PageForms }) {
  const notify = useNotify();
  const form = useZodForm(changePasswordSchema, { oldPassword: '', newPassword: '', confirmPassword: '' });
  useGuarded(forms, form.unsaved);
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
        <FocusFirstError form={form} />
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
