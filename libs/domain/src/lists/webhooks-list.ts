import type {
  WebhookDeliveryListFilters,
  WebhookDeliveryView,
  WebhookListFilters,
  WebhookSortField,
  WebhookView,
} from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export type { WebhookListFilters, WebhookDeliveryListFilters };

/** What the webhook endpoints list's filters read of a row. */
export type WebhookMatchFields = Pick<WebhookView, 'url' | 'active' | 'clientId'>;

/**
 * `list` (webhooks.repository.ts): the URL contains the search; active and client when set. A client user's list is
 * always its own client's (the scope), and its live room carries only that client's endpoints.
 */
export function webhookMatchesFilters(w: WebhookMatchFields, f: WebhookListFilters): boolean {
  return (
    containsSearch(f.search, [w.url]) &&
    equalsFilter(w.active, f.active) &&
    (!f.clientId || w.clientId === f.clientId)
  );
}

/** SORT_KEYS: created at; lower(url). */
export const compareWebhooks = compareBy<Pick<WebhookView, 'id' | 'url' | 'createdAt'>, WebhookSortField>(
  (w, field) => (field === 'createdAt' ? w.createdAt : w.url.toLowerCase()),
);

export const webhooksListSpec: ListSpec<WebhookView, WebhookListFilters, WebhookSortField> = {
  matches: webhookMatchesFilters,
  compare: compareWebhooks,
};

/** The delivery log's one order: newest first (created at, then id). */
export type WebhookDeliverySortField = 'createdAt';

/** `deliveries` (webhooks.repository.ts): one endpoint's deliveries, by state and event when set. */
export function webhookDeliveryMatchesFilters(
  d: Pick<WebhookDeliveryView, 'endpointId' | 'state' | 'event'>,
  f: WebhookDeliveryListFilters,
): boolean {
  return (
    (!f.endpointId || d.endpointId === f.endpointId) &&
    equalsFilter(d.state, f.state) &&
    equalsFilter(d.event, f.event)
  );
}

export const webhookDeliveriesListSpec: ListSpec<
  WebhookDeliveryView,
  WebhookDeliveryListFilters,
  WebhookDeliverySortField
> = {
  matches: webhookDeliveryMatchesFilters,
  compare: compareBy<WebhookDeliveryView, WebhookDeliverySortField>((d) => d.createdAt),
};
