import { FormattedMessage } from 'react-intl';
import { SecretReveal } from '../../../ui/SecretReveal';

/** A new signing secret, shown this once (ui/SecretReveal). */
export function WebhookSecretReveal(props: { secret: string; url: string }) {
  return (
    <SecretReveal
      secret={props.secret}
      warning={<FormattedMessage id="webhooks.showOnceWarning" values={{ url: props.url }} />}
      warningTestId="webhook-secret-warning"
      labelId="webhooks.field.secret"
      testId="webhook"
    />
  );
}
