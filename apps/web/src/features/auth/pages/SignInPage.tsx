import { Button, Callout, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import type { Language } from '@depot/contracts/base';
import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, describeError, type ErrorText } from '../../../api/errors';
import { languageAtom } from '../../../i18n/language';
import { sessionAtom } from '../../../session/session';
import { useSessionActions } from '../../../session/useSessionActions';
import { LanguageSelect } from '../../../ui/LanguageSelect';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { issueMessages } from '../../../ui/useZodForm';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';

export function SignInPage() {
  usePageTitle('signIn.title');
  const intl = useIntl();
  const text = useText();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const { signIn } = useSessionActions();
  const form = useSignInForm();
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const [language, setLanguage] = useAtom(languageAtom);
  // A language picked here changes the page at once and is kept after sign-in (saved to the user's record).
  const [chosenLanguage, setChosenLanguage] = useState<Language | undefined>();

  if (session) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const values = await form.validate();
      if (!values) return;
      await signIn(values.email, values.password, chosenLanguage);
      navigate('/', { replace: true });
    } catch (err) {
      // 401/404 and any other failure: the server's own message, as given (SPEC §8).
      setFailure(err instanceof ApiError ? describeError(err) : { id: 'error.unhandled' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="depot-sign-in">
      <Card elevation={2} className="depot-sign-in-card">
        <div className="depot-sign-in-top">
          <p className="depot-sign-in-product" data-testid="sign-in-product">
            <span className="depot-sign-in-name">
              <FormattedMessage id="signIn.product" />
            </span>
            <span className="bp6-text-muted">
              <FormattedMessage id="signIn.tagline" />
            </span>
          </p>
          <LanguageSelect
            testId="sign-in-language"
            value={language}
            onChange={(lang) => {
              setLanguage(lang);
              setChosenLanguage(lang);
            }}
          />
        </div>
        <H1>
          <FormattedMessage id="signIn.title" />
        </H1>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FocusFirstError form={form} />
          <FormGroup
            label={<FormattedMessage id="field.email" />}
            labelFor="email"
            intent={form.intent('email')}
            helperText={form.error('email')}
          >
            <InputGroup
              id="email"
              type="email"
              autoComplete="username"
              autoFocus
              value={form.values.email}
              onValueChange={(v) => form.set('email', v)}
              intent={form.intent('email')}
              data-testid="sign-in-email"
            />
          </FormGroup>
          <FormGroup
            label={<FormattedMessage id="field.password" />}
            labelFor="password"
            intent={form.intent('password')}
            helperText={form.error('password')}
          >
            <InputGroup
              id="password"
              type="password"
              autoComplete="current-password"
              value={form.values.password}
              onValueChange={(v) => form.set('password', v)}
              intent={form.intent('password')}
              data-testid="sign-in-password"
            />
          </FormGroup>
          {failure ? (
            <Callout intent={Intent.DANGER} className="depot-form-error" data-testid="sign-in-error">
              {text(failure)}
            </Callout>
          ) : null}
          <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} data-testid="sign-in-submit">
            {intl.formatMessage({ id: 'signIn.submit' })}
          </Button>
        </form>
      </Card>
    </main>
  );
}

/**
 * The sign-in form's values, checked on submit with the API's own schema (signInSchema). The schema (and zod) load
 * with the first submit, which loads the typed client anyway: the sign-in page itself carries neither (decision
 * 0125).
 */
function useSignInForm() {
  const text = useText();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fieldFailures, setFieldFailures] = useState(0);
  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const validate = async () => {
    const { signInSchema } = await import('@depot/contracts');
    const result = signInSchema.safeParse(values);
    setErrors(result.success ? {} : issueMessages(result.error.issues));
    if (!result.success) setFieldFailures((n) => n + 1);
    return result.success ? result.data : null;
  };
  return {
    values,
    errors,
    fieldFailures,
    set,
    validate,
    error: (field: string) => (errors[field] ? text(errors[field]) : undefined),
    intent: (field: string) => (errors[field] ? Intent.DANGER : Intent.NONE),
  };
}
