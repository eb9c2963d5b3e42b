import { Button, H1, Intent } from '@blueprintjs/core';
import {
  createWebhookSchema,
  SCREENS,
  staffCreateWebhookSchema,
  type WebhookWithSecret,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { webhooksApi } from '../api';
import {
  emptyWebhookForm,
  toCreateWebhook,
  WebhookForm,
  type WebhookFormValues,
} from '../components/WebhookForm';
import { WebhookSecretReveal } from '../components/WebhookSecretReveal';
import { webhookPath } from './WebhooksPage';

/**
 * A new endpoint (decision 0146): the URL, its events (and the client, for staff). Once saved, the signing secret
 * is shown here once, with a copy button; "Done" opens the endpoint's page, and the secret is not shown again.
 */
export function WebhookCreatePage() {
  usePageTitle('webhooks.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const form = useZodForm(
    staff ? staffCreateWebhookSchema : createWebhookSchema,
    emptyWebhookForm(null),
    (v: WebhookFormValues) => toCreateWebhook(v),
  );

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      setCreated(await webhooksApi.create(toCreateWebhook(form.values)));
      notify.success({ id: 'webhooks.created' });
    });
  };

  return (
    <div className="depot-page" data-testid="page-webhook-create">
      <H1>
        <FormattedMessage id="webhooks.createTitle" />
      </H1>
      <div className="depot-form-card">
        {created ? (
          <section aria-labelledby="webhook-created-heading" data-testid="webhook-created">
            <h2 id="webhook-created-heading" className="bp6-heading">
              <FormattedMessage id="webhooks.createdTitle" />
            </h2>
            <WebhookSecretReveal secret={created.secret} url={created.url} />
            <div className="depot-form-actions">
              <Button
                intent={Intent.PRIMARY}
                onClick={() => navigate(webhookPath(created.id), { replace: true })}
                data-testid="webhook-done"
              >
                <FormattedMessage id="webhooks.done" />
              </Button>
            </div>
          </section>
        ) : (
          <WebhookForm
            form={form}
            pickClient={staff}
            busy={form.busy}
            failure={form.failure ? text(form.failure) : null}
            saveLabelId="webhooks.register"
            onSubmit={() => void submit()}
            onCancel={() => navigate(SCREENS.webhooks.path)}
          />
        )}
      </div>
    </div>
  );
}
