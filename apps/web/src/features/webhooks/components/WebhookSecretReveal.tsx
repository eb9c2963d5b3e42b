import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A new signing secret, shown this once: a warning, the secret in a read-only field, and a copy button. */
export function WebhookSecretReveal(props: { secret: string; url: string }) {
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
      <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="webhook-secret-warning">
        <FormattedMessage id="webhooks.showOnceWarning" values={{ url: props.url }} />
      </Callout>
      <FormGroup
        className="depot-secret-key"
        label={<FormattedMessage id="webhooks.field.secret" />}
        labelFor="webhook-secret"
      >
        <InputGroup
          id="webhook-secret"
          inputRef={field}
          value={props.secret}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="depot-monospace"
          data-testid="webhook-secret"
          rightElement={
            <Button
              minimal
              icon={copied ? 'tick' : 'duplicate'}
              intent={copied ? Intent.SUCCESS : Intent.NONE}
              onClick={() => void copy()}
              aria-label={intl.formatMessage({ id: 'webhooks.copy' })}
              data-testid="webhook-copy"
            >
              <FormattedMessage id={copied ? 'webhooks.copied' : 'webhooks.copy'} />
            </Button>
          }
        />
      </FormGroup>
    </>
  );
}
