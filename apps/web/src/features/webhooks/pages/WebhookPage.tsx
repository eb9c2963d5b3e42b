import { Button, ButtonGroup, Callout, H1, H2, Intent } from '@blueprintjs/core';
import {
  contract,
  SCREENS,
  updateWebhookSchema,
  type WebhookView,
  type WebhookWithSecret,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { canAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format';
import { Modal } from '../../../ui/Modal';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { webhooksApi } from '../api';
import { DeliveryLog } from '../components/DeliveryLog';
import { WebhookForm, type WebhookFormValues } from '../components/WebhookForm';
import { WebhookSecretReveal } from '../components/WebhookSecretReveal';

/** What an edit sends: only the fields that changed. */
function changes(v: WebhookFormValues, w: WebhookView) {
  return {
    ...(v.url.trim() !== w.url ? { url: v.url } : {}),
    ...(v.events.join() !== w.events.join() ? { events: v.events } : {}),
    ...(v.active !== w.active ? { active: v.active } : {}),
  };
}

/**
 * An endpoint's page (decision 0146): its URL, events and state (editable by who may write), the secret's
 * beginning, "Send test event", "New secret" (shown once) and "Delete", and below, its live delivery log.
 */
export function WebhookPage() {
  usePageTitle('webhooks.detailsTitle');
  const { webhookId = '' } = useParams();
  const query = useRouteQuery(contract.webhooks.get, { params: { id: webhookId } });
  return (
    <QueryGate query={query}>{(webhook) => <Endpoint key={webhook.updatedAt} webhook={webhook} />}</QueryGate>
  );
}

function Endpoint({ webhook }: { webhook: WebhookView }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const can = useAtomValue(canAtom);
  const writable = can('webhooks.write');
  const setData = useSetRouteData(contract.webhooks.get, { params: { id: webhook.id } });
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const form = useZodForm(
    updateWebhookSchema,
    {
      url: webhook.url,
      events: webhook.events,
      active: webhook.active,
      clientId: webhook.clientId,
      clientName: webhook.clientName,
    } as WebhookFormValues,
    (v: WebhookFormValues) => changes(v, webhook),
  );

  const save = async () => {
    const body = changes(form.values, webhook);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      const saved = await webhooksApi.update(webhook.id, body);
      notify.success({ id: 'webhooks.saved' });
      setData(saved);
    });
  };
  const sendTest = () =>
    webhooksApi.sendTest(webhook.id).then(() => notify.success({ id: 'webhooks.testSent' }), notify.failure);
  const rotate = () => webhooksApi.rotateSecret(webhook.id).then((r) => setRotated(r), notify.failure);
  /** The new secret is forgotten; the page shows the endpoint as it is now (its new prefix). */
  const closeRotated = () => {
    if (rotated) {
      const { secret: _secret, ...view } = rotated;
      setData(view);
    }
    setRotated(null);
  };
  const remove = () =>
    webhooksApi.remove(webhook.id).then(() => {
      notify.success({ id: 'webhooks.deleted' });
      navigate(SCREENS.webhooks.path);
    }, notify.failure);

  return (
    <div className="depot-page" data-testid="page-webhook-details">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="webhooks.detailsTitle" />
        </H1>
        {writable ? (
          <ButtonGroup className="depot-page-actions">
            <Button
              icon="send-message"
              disabled={!webhook.active}
              onClick={() => void sendTest()}
              data-testid="webhook-test"
            >
              <FormattedMessage id="webhooks.sendTest" />
            </Button>
            <Button icon="key" onClick={() => setConfirm('rotate')} data-testid="webhook-rotate">
              <FormattedMessage id="webhooks.rotate" />
            </Button>
            <Button
              icon="trash"
              intent={Intent.DANGER}
              minimal
              onClick={() => setConfirm('delete')}
              data-testid="webhook-delete"
            >
              <FormattedMessage id="webhooks.delete" />
            </Button>
          </ButtonGroup>
        ) : null}
      </div>
      <div className="depot-form-card">
        <p data-testid="webhook-secret-prefix">
          <FormattedMessage
            id="webhooks.secretPrefix"
            values={{ prefix: <code className="depot-monospace">{`${webhook.secretPrefix}…`}</code> }}
          />
          {webhook.previousSecretUntil ? (
            <>
              {' '}
              <FormattedMessage
                id="webhooks.previousSecretUntil"
                values={{ until: formatDateTime(webhook.previousSecretUntil) }}
              />
            </>
          ) : null}
        </p>
        {!webhook.active ? (
          <Callout intent={Intent.WARNING} data-testid="webhook-inactive">
            <FormattedMessage id="webhooks.inactiveHint" />
          </Callout>
        ) : null}
        <WebhookForm
          form={form}
          pickClient={false}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void save()}
          onCancel={() => navigate(SCREENS.webhooks.path)}
        />
      </div>
      <section aria-labelledby="webhook-deliveries-heading" className="depot-page-fill">
        <H2 id="webhook-deliveries-heading">
          <FormattedMessage id="webhooks.deliveriesTitle" />
        </H2>
        <DeliveryLog endpoint={webhook} />
      </section>
      <ConfirmDialog
        isOpen={confirm !== null}
        intent={confirm === 'delete' ? Intent.DANGER : Intent.WARNING}
        titleId={confirm === 'delete' ? 'webhooks.deleteTitle' : 'webhooks.rotateTitle'}
        messageId={confirm === 'delete' ? 'webhooks.deleteMessage' : 'webhooks.rotateMessage'}
        values={{ url: webhook.url }}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const what = confirm;
          setConfirm(null);
          if (what === 'delete') void remove();
          else void rotate();
        }}
      />
      <Modal
        isOpen={rotated !== null}
        title={<FormattedMessage id="webhooks.rotatedTitle" />}
        onClose={closeRotated}
        footer={
          <Button intent={Intent.PRIMARY} onClick={closeRotated} data-testid="webhook-done">
            <FormattedMessage id="webhooks.done" />
          </Button>
        }
      >
        {rotated ? <WebhookSecretReveal secret={rotated.secret} url={rotated.url} /> : null}
      </Modal>
    </div>
  );
}
