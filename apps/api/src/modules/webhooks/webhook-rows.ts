import type {
  WebhookDeliveryEvent,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookEvent,
  WebhookView,
} from '@depot/contracts';
import { sql } from 'drizzle-orm';

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** An endpoint row as the view queries select it. */
export interface WebhookRow {
  id: string;
  clientId: string;
  clientName: string;
  url: string;
  events: string[];
  active: boolean;
  secretPrefix: string;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toWebhookView(r: WebhookRow, now = new Date()): WebhookView {
  const until = r.previousSecretExpiresAt;
  return {
    id: r.id,
    clientId: r.clientId,
    clientName: r.clientName,
    url: r.url,
    events: r.events as WebhookEvent[],
    active: r.active,
    secretPrefix: r.secretPrefix,
    previousSecretUntil: until && until > now ? until.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The delivery view's columns in raw SQL (`d` is webhook_deliveries), camel-cased. */
export const DELIVERY_COLUMNS =
  sql.raw(`d.id, d.endpoint_id as "endpointId", d.client_id as "clientId", d.event,
  d.state, d.attempts, d.created_at as "createdAt", d.last_attempt_at as "lastAttemptAt",
  d.next_attempt_at as "nextAttemptAt", d.last_status_code as "lastStatusCode", d.last_error as "lastError",
  d.delivered_at as "deliveredAt"`);

/** A delivery row as DELIVERY_COLUMNS selects it (pg gives timestamps as Date). */
export type DeliveryRow = {
  id: string;
  endpointId: string;
  clientId: string;
  event: string;
  state: string;
  attempts: number;
  createdAt: Date | string;
  lastAttemptAt: Date | string | null;
  nextAttemptAt: Date | string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | string | null;
};

/** A delivery as the log shows it; a settled one has no next attempt (its column may hold an expired lease). */
export function toDeliveryView(r: DeliveryRow): WebhookDeliveryView {
  return {
    id: r.id,
    endpointId: r.endpointId,
    clientId: r.clientId,
    event: r.event as WebhookDeliveryEvent,
    state: r.state as WebhookDeliveryState,
    attempts: Number(r.attempts),
    createdAt: iso(r.createdAt)!,
    lastAttemptAt: iso(r.lastAttemptAt),
    nextAttemptAt: r.state === 'pending' ? iso(r.nextAttemptAt) : null,
    lastStatusCode: r.lastStatusCode === null ? null : Number(r.lastStatusCode),
    lastError: r.lastError,
    deliveredAt: iso(r.deliveredAt),
  };
}
