import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * A new secret (an API key, a webhook's signing secret), shown this once: the warning, the secret in a read-only
 * field, and a copy button. Test ids are `<testId>-secret`, `<testId>-copy` and `warningTestId`.
 */
export function SecretReveal(props: {
  secret: string;
  warning: ReactNode;
  warningTestId: string;
  /** i18n id of the field's label. */
  labelId: string;
  /** The field's id and the prefix of its test ids (`api-key`, `webhook`). */
  testId: string;
}) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied(true);
    } catch {
      // No clipboard access (e.g. plain http): select the secret so the person can copy it by hand.
      field.current?.select();
    }
  };

  return (
    <>
      <Callout intent={Intent.WARNING} icon="warning-sign" data-testid={props.warningTestId}>
        {props.warning}
      </Callout>
      <FormGroup
        className="depot-secret-key"
        label={<FormattedMessage id={props.labelId} />}
        labelFor={`${props.testId}-secret`}
      >
        <InputGroup
          id={`${props.testId}-secret`}
          inputRef={field}
          value={props.secret}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="depot-monospace"
          data-testid={`${props.testId}-secret`}
          rightElement={
            <Button
              minimal
              icon={copied ? 'tick' : 'duplicate'}
              intent={copied ? Intent.SUCCESS : Intent.NONE}
              onClick={() => void copy()}
              aria-label={intl.formatMessage({ id: 'common.copy' })}
              data-testid={`${props.testId}-copy`}
            >
              <FormattedMessage id={copied ? 'common.copied' : 'common.copy'} />
            </Button>
          }
        />
      </FormGroup>
    </>
  );
}
