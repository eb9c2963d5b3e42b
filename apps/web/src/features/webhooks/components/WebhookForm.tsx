import { Checkbox, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@depot/contracts';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { FormFooter } from '../../../ui/FormFooter';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import type { useZodForm } from '../../../ui/useZodForm';
import { EVENT_WORDS, eventKey } from '../words';

/** What the form edits: the URL, the events, the state, and (staff, new endpoint) the client. */
export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  active: boolean;
  clientId: string | null;
  clientName: string;
}

type Form = ReturnType<typeof useZodForm<z.ZodType, WebhookFormValues>>;

/**
 * The endpoint form (decision 0146): the client for staff on a new endpoint, the URL, one checkbox per event, and
 * whether it is active. Keyboard: the fields in order, Enter saves.
 */
export function WebhookForm(props: {
  form: Form;
  /** Staff pick the client of a new endpoint. */
  pickClient: boolean;
  busy: boolean;
  failure: ReactNode;
  saveLabelId?: string;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { form } = props;
  const { values } = form;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    form.set(
      'events',
      WEBHOOK_EVENTS.filter((e) => (e === event ? on : values.events.includes(e))),
    );

  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form">
      {props.pickClient ? (
        <FormGroup
          label={<FormattedMessage id="field.client" />}
          labelFor="webhook-clientId"
          intent={form.intent('clientId')}
          helperText={form.error('clientId')}
        >
          <ClientPicker
            value={values.clientId ? { id: values.clientId, name: values.clientName } : null}
            onChange={(c) => {
              form.set('clientId', c.id);
              form.set('clientName', c.companyName);
            }}
            intent={form.errors.clientId ? 'danger' : 'none'}
            testId="webhook-clientId"
          />
        </FormGroup>
      ) : null}
      <FormGroup
        label={<FormattedMessage id="webhooks.field.url" />}
        labelFor="webhook-url"
        intent={form.intent('url')}
        helperText={form.error('url') ?? <FormattedMessage id="webhooks.urlHelp" />}
      >
        <InputGroup
          id="webhook-url"
          type="url"
          value={values.url}
          onValueChange={(v) => form.set('url', v)}
          intent={form.intent('url')}
          autoComplete="off"
          data-testid="webhook-url"
        />
      </FormGroup>
      <FormGroup
        label={
          <span id="webhook-events-label">
            <FormattedMessage id="webhooks.field.events" />
          </span>
        }
        intent={form.intent('events')}
        helperText={form.error('events') ?? form.error('events.0')}
      >
        <div role="group" aria-labelledby="webhook-events-label" className="depot-checkbox-group">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              checked={values.events.includes(event)}
              onChange={(e) => toggle(event, e.currentTarget.checked)}
              labelElement={
                <>
                  <FormattedMessage id={EVENT_WORDS[event]} />{' '}
                  <code className="depot-monospace">{event}</code>
                </>
              }
              data-testid={`webhook-event-${eventKey(event)}`}
            />
          ))}
        </div>
      </FormGroup>
      <Switch
        checked={values.active}
        onChange={(e) => form.set('active', e.currentTarget.checked)}
        label={intl.formatMessage({ id: 'webhooks.field.activeSwitch' })}
        data-testid="webhook-active"
      />
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="webhook-failure"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="webhook-cancel"
        saveTestId="webhook-save"
        saveLabelId={props.saveLabelId}
      />
    </form>
  );
}

/** The values of a new endpoint's form: every event, active. */
export const emptyWebhookForm = (client: { id: string; name: string } | null): WebhookFormValues => ({
  url: '',
  events: [...WEBHOOK_EVENTS],
  active: true,
  clientId: client?.id ?? null,
  clientName: client?.name ?? '',
});

/** What a create sends: the client only when one was picked. */
export const toCreateWebhook = (v: WebhookFormValues) => ({
  url: v.url,
  events: v.events,
  active: v.active,
  ...(v.clientId ? { clientId: v.clientId } : {}),
});
