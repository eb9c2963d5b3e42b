import { z } from 'zod';
import { MESSAGES } from '../messages';
import { clientOwnedListFilterFields, listRequestBase, sortDirectionSchema } from '../pagination';

const v = MESSAGES.validation;

/**
 * Signed webhooks for integrators (issue 15 item 4, decision 0146): a client registers endpoints (an HTTPS URL and the
 * events it wants); Depot POSTs each event to them, signed with the endpoint's secret, retried for a day.
 */

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['parcel.created', 'parcel.status_changed', 'label.ready'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a delivery may carry: a subscribed event, or the test event sent by hand ("Send test event"). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

/** pending: waiting for its next attempt (or being sent); delivered: a 2xx came back; failed: retries are over. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** The headers of every delivery (docs/api/external.md "Webhooks"). */
export const WEBHOOK_HEADERS = {
  event: 'Depot-Event',
  delivery: 'Depot-Delivery',
  timestamp: 'Depot-Timestamp',
  signature: 'Depot-Signature',
} as const;

/** Every secret starts with this, so secrets are recognisable in configs and by secret scanners. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How many leading characters of a secret are kept to tell secrets apart (`whsec_` + 4). */
export const WEBHOOK_SECRET_DISPLAY_PREFIX_LENGTH = 10;
/** After a rotation the old secret still signs (beside the new one) for this long, so a receiver can switch over. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** At most this many endpoints per client. */
export const WEBHOOK_ENDPOINTS_PER_CLIENT = 20;
/** Longest URL an endpoint may have. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Delivered and failed deliveries are deleted this many days after they were made (the hourly prune). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** Characters of a receiver's reply kept with each attempt. */
export const WEBHOOK_REPLY_EXCERPT_BYTES = 1024;

/**
 * Why a text is not a URL a webhook may be sent to, whatever the installation allows (that is the API's policy, on
 * top): an absolute http(s) URL with a host, without user name, password or fragment; undefined when it is.
 */
export function webhookUrlShapeProblem(text: string): string | undefined {
  if (text.length > WEBHOOK_URL_MAX_LENGTH || /[\s\p{Cc}]/u.test(text)) return v.webhookUrlInvalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return v.webhookUrlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return v.webhookUrlInvalid;
  if (!url.hostname || url.username || url.password || url.hash || text.includes('#'))
    return v.webhookUrlInvalid;
  return undefined;
}

/** The endpoint's URL: trimmed, then its shape checked (webhookUrlShapeProblem). */
export const webhookUrlField = z
  .string({ error: v.webhookUrlRequired })
  .trim()
  .min(1, { error: v.webhookUrlRequired })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: v.webhookUrlInvalid })
  .superRefine((text, ctx) => {
    const problem = webhookUrlShapeProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The events of an endpoint: at least one, each known; a repeated one counts once. */
export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: v.webhookEventInvalid }), { error: v.webhookEventsRequired })
  .min(1, { error: v.webhookEventsRequired })
  .max(WEBHOOK_EVENTS.length * 2, { error: v.webhookEventsRequired })
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/**
 * POST /webhook/create: the URL, the events, whether it is active. A client user's (or API key's) endpoint always
 * belongs to its own client; staff name the client. The secret is made by Depot and shown once in the reply.
 */
export const createWebhookSchema = z
  .object({
    url: webhookUrlField,
    events: webhookEventsField,
    active: z.boolean().default(true),
    clientId: z.uuid({ error: v.clientRequired }).optional(),
  })
  .strict();
export type CreateWebhookRequest = z.input<typeof createWebhookSchema>;

/** The same call from staff, who pick the client: the client is required. */
export const staffCreateWebhookSchema = createWebhookSchema.extend({
  clientId: z.uuid({ error: v.clientRequired }),
});

/** PUT /webhook/{id}: any of URL, events and active (absent = unchanged). The secret changes only by rotation. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrlField.optional(),
    events: webhookEventsField.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookRequest = z.input<typeof updateWebhookSchema>;

/** An endpoint as lists and its page show it: never its secret, only the secret's first characters. */
export const webhookViewSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** The first WEBHOOK_SECRET_DISPLAY_PREFIX_LENGTH characters of the secret, e.g. `whsec_Ab3x`. */
  secretPrefix: z.string(),
  /** Until when the secret replaced by the last rotation still signs too (null: none does). */
  previousSecretUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** The create and rotate replies: the only times the whole secret is ever sent. */
export const webhookWithSecretSchema = webhookViewSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_SORT_FIELDS = ['createdAt', 'url'] as const;
export type WebhookSortField = (typeof WEBHOOK_SORT_FIELDS)[number];

export const webhookListRequestSchema = listRequestBase.extend({
  filters: z
    // `search`: the URL contains it (case-insensitive).
    .object(clientOwnedListFilterFields)
    .strict()
    .default({}),
  orderBy: z
    .object({ field: z.enum(WEBHOOK_SORT_FIELDS), direction: sortDirectionSchema })
    .default({ field: 'createdAt', direction: 'desc' }),
});
export type WebhookListRequest = z.input<typeof webhookListRequestSchema>;
export type WebhookListFilters = NonNullable<WebhookListRequest['filters']>;

/** One delivery of one event to one endpoint, as the delivery log lists it. */
export const webhookDeliveryViewSchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  clientId: z.uuid(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  /** Attempts made so far (by the schedule and by hand). */
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  /** When the last attempt started (null: none yet). */
  lastAttemptAt: z.iso.datetime().nullable(),
  /** The next attempt by the schedule (null when delivered or failed). */
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The HTTP status the last attempt got back (null: no reply, see lastError). */
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt got no reply (timeout, refused connection, address not allowed). */
  lastError: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** One attempt of a delivery. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.iso.datetime(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The start of the receiver's reply body (at most WEBHOOK_REPLY_EXCERPT_BYTES). */
  responseExcerpt: z.string().nullable(),
  /** Sent by hand: a replay or the test event. */
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** GET /webhookDelivery/{id}: the delivery, the exact body it sends, and its attempts (oldest first). */
export const webhookDeliveryDetailSchema = webhookDeliveryViewSchema.extend({
  /** The JSON body every attempt of this delivery sends (signed as sent). */
  body: z.string(),
  attemptsLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

/** POST /webhook/{id}/deliveries: an endpoint's delivery log, newest first, in keyset pages. */
export const webhookDeliveryListRequestSchema = listRequestBase.extend({
  filters: z
    .object({
      state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
      event: z.enum(WEBHOOK_DELIVERY_EVENTS).optional(),
    })
    .strict()
    .default({}),
});
export type WebhookDeliveryListRequest = z.input<typeof webhookDeliveryListRequestSchema>;
export type WebhookDeliveryListFilters = NonNullable<WebhookDeliveryListRequest['filters']> & {
  /** The endpoint whose log this is (the path's id; the panel's live list filters by it). */
  endpointId?: string;
};

/** The envelope every delivery's body is (its `data` per event; docs/api/external.md). */
export interface WebhookBody<D = unknown> {
  /** The event's id: the same for every endpoint it went to (the delivery's own id is in Depot-Delivery). */
  id: string;
  type: WebhookDeliveryEvent;
  createdAt: string;
  data: D;
}
