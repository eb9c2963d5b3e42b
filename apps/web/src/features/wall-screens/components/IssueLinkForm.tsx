import { Button, Callout, Card, FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import {
  DEFAULT_TERMINAL,
  createWallScreenLinkSchema,
  wallScreenPath,
  type CreatedWallScreenLink,
} from '@depot/contracts';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { wallScreensApi } from '../api';
import '../wall.css';

/**
 * "Issue a link": the terminal (the scan form's default first) and a name to tell screens apart. The new link is shown
 * once, as the full address to open on the screen, with a copy button.
 */
export function IssueLinkForm(props: { onIssued: () => void }) {
  const notify = useNotify();
  const text = useText();
  const [issued, setIssued] = useState<CreatedWallScreenLink | null>(null);
  const form = useZodForm(createWallScreenLinkSchema, { terminal: DEFAULT_TERMINAL, name: '' });

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const link = await wallScreensApi.create(form.values);
      setIssued(link);
      form.set('name', '');
      notify.success({ id: 'wallScreens.issued' });
      props.onIssued();
    });
  };

  return (
    <Card className="depot-wall-issue" data-testid="wall-issue">
      <H2>
        <FormattedMessage id="wallScreens.issueTitle" />
      </H2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <FormGroup
          label={<FormattedMessage id="scans.field.terminal" />}
          labelFor="wall-terminal"
          intent={form.intent('terminal')}
          helperText={form.error('terminal')}
        >
          <InputGroup
            id="wall-terminal"
            value={form.values.terminal}
            onValueChange={(v) => form.set('terminal', v)}
            intent={form.intent('terminal')}
            data-testid="wall-issue-terminal"
          />
        </FormGroup>
        <FormGroup
          label={<FormattedMessage id="wallScreens.field.name" />}
          labelFor="wall-name"
          intent={form.intent('name')}
          helperText={form.error('name')}
        >
          <InputGroup
            id="wall-name"
            value={form.values.name}
            onValueChange={(v) => form.set('name', v)}
            intent={form.intent('name')}
            data-testid="wall-issue-name"
          />
        </FormGroup>
        {form.failure ? (
          <Callout intent={Intent.DANGER} className="depot-form-failure">
            {text(form.failure)}
          </Callout>
        ) : null}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="link"
          loading={form.busy}
          data-testid="wall-issue-submit"
        >
          <FormattedMessage id="wallScreens.issue" />
        </Button>
      </form>
      {issued ? <LinkReveal link={issued} /> : null}
    </Card>
  );
}

/** The new link, shown this once: a warning, the full address in a read-only field, and a copy button. */
function LinkReveal(props: { link: CreatedWallScreenLink }) {
  const intl = useIntl();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${wallScreenPath(props.link.terminal, props.link.token)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard access (e.g. plain http): select the address so the person can copy it by hand.
      field.current?.select();
    }
  };
  return (
    <div className="depot-wall-reveal">
      <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="wall-issued-warning">
        <FormattedMessage
          id="wallScreens.showOnce"
          values={{ name: props.link.name, terminal: props.link.terminal }}
        />
      </Callout>
      <FormGroup label={<FormattedMessage id="wallScreens.link" />} labelFor="wall-issued-url">
        <InputGroup
          id="wall-issued-url"
          inputRef={field}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="depot-monospace"
          data-testid="wall-issued-url"
          rightElement={
            <Button
              minimal
              icon={copied ? 'tick' : 'duplicate'}
              intent={copied ? Intent.SUCCESS : Intent.NONE}
              onClick={() => void copy()}
              aria-label={intl.formatMessage({ id: 'wallScreens.copy' })}
              data-testid="wall-issued-copy"
            >
              <FormattedMessage id={copied ? 'wallScreens.copied' : 'wallScreens.copy'} />
            </Button>
          }
        />
      </FormGroup>
    </div>
  );
}
