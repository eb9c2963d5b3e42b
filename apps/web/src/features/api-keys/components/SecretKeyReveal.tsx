import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The new key, shown this once: a warning, the key in a read-only field, and a copy button. */
export function SecretKeyReveal(props: { secretKey: string; name: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secretKey);
      setCopied(true);
    } catch {
      // No clipboard access (e.g. plain http): select the key so the person can copy it by hand.
      field.current?.select();
    }
  };

  return (
    <>
      <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="api-key-warning">
        <FormattedMessage id="apiKeys.showOnceWarning" values={{ name: props.name }} />
      </Callout>
      <FormGroup
        className="depot-secret-key"
        label={<FormattedMessage id="apiKeys.field.secretKey" />}
        labelFor="api-key-secret"
      >
        <InputGroup
          id="api-key-secret"
          inputRef={field}
          value={props.secretKey}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="depot-monospace"
          data-testid="api-key-secret"
          rightElement={
            <Button
              minimal
              icon={copied ? 'tick' : 'duplicate'}
              intent={copied ? Intent.SUCCESS : Intent.NONE}
              onClick={() => void copy()}
              aria-label={intl.formatMessage({ id: 'apiKeys.copy' })}
              data-testid="api-key-copy"
            >
              <FormattedMessage id={copied ? 'apiKeys.copied' : 'apiKeys.copy'} />
            </Button>
          }
        />
      </FormGroup>
    </>
  );
}
