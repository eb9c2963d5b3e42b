import { Intent } from '@blueprintjs/core';
import type { WebhookDeliveryEvent, WebhookDeliveryState } from '@depot/contracts';

/** The catalogue word of each event (ids have no underscore: the message-id check reads dotted words). */
export const EVENT_WORDS: Record<WebhookDeliveryEvent, string> = {
  'parcel.created': 'webhooks.event.parcelCreated',
  'parcel.status_changed': 'webhooks.event.parcelStatusChanged',
  'label.ready': 'webhooks.event.labelReady',
  'webhook.test': 'webhooks.event.test',
};

/** A short, stable test id of an event (`parcelCreated`…). */
export const eventKey = (event: WebhookDeliveryEvent): string => EVENT_WORDS[event].split('.').pop()!;

export const STATE_WORDS: Record<WebhookDeliveryState, string> = {
  pending: 'webhooks.state.pending',
  delivered: 'webhooks.state.delivered',
  failed: 'webhooks.state.failed',
};

export const STATE_INTENTS: Record<WebhookDeliveryState, Intent> = {
  pending: Intent.WARNING,
  delivered: Intent.SUCCESS,
  failed: Intent.DANGER,
};
