import { FormattedMessage } from 'react-intl';
import { SecretReveal } from '../../../ui/SecretReveal';

/** The new key, shown this once (ui/SecretReveal). */
export function SecretKeyReveal(props: { secretKey: string; name: string }) {
  return (
    <SecretReveal
      secret={props.secretKey}
      warning={<FormattedMessage id="apiKeys.showOnceWarning" values={{ name: props.name }} />}
      warningTestId="api-key-warning"
      labelId="apiKeys.field.secretKey"
      testId="api-key"
    />
  );
}
