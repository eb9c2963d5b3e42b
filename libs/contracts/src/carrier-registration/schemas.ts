import { z } from 'zod';

/**
 * Registration at the carrier (issue 15 item 1, decision 0147): a parcel's shipment created at its carrier, which
 * brings back the carrier's numbers and label. One row per parcel once it was first sent.
 * - `pending`: being sent now;
 * - `registered`: the carrier took it (`externalNumber` is its tracking number; its label is kept);
 * - `rejected`: the carrier refused the data; `errors` name our fields where the carrier named one. Sent again after
 *   the parcel is corrected;
 * - `unavailable`: the carrier gave no answer; the retry sweep asks again at `nextAttemptAt` (visibly, never dropped).
 */
export const REGISTRATION_STATES = ['pending', 'registered', 'rejected', 'unavailable'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const CARRIER_REGISTRATION_JOBS = {
  /** "Send to carrier" for a selection of the parcels list; result SendToCarrierResult. */
  selection: 'parcels.sendToCarrier',
  /** Parcels created since the last run and not yet sent, and the carriers that gave no answer, asked again. */
  sweep: 'parcels.registrationSweep',
} as const;

/** Waits before the sweep asks a carrier again after no answer: 1, 2, 5, 15, 30 minutes, then every hour. */
export const REGISTRATION_RETRY_MINUTES = [1, 2, 5, 15, 30, 60] as const;

export const shipmentFieldErrorSchema = z.object({
  /** Our field (the parcel form's path, e.g. `destinationAddress.zipCode`), or null when the carrier named none. */
  field: z.string().nullable(),
  /** The carrier's own words. */
  message: z.string(),
});
export type ShipmentFieldErrorView = z.infer<typeof shipmentFieldErrorSchema>;

/** GET /order/{id}/carrierRegistration and the reply of sending one parcel. */
export const carrierRegistrationSchema = z.object({
  /** null: never sent (no carrier, a carrier without registration, or not yet). */
  state: z.enum(REGISTRATION_STATES).nullable(),
  /** Whether this parcel's carrier can be asked at all (an adapter and a configured URL). */
  canRegister: z.boolean(),
  /** Whether the carrier is the demo sandbox the app started itself (not the real carrier). */
  sandbox: z.boolean(),
  errors: z.array(shipmentFieldErrorSchema),
  /** Why the carrier gave no answer: AUTH_FAILED, RATE_LIMITED, TIMEOUT, HTTP_500, MISSING_CREDENTIALS … */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  registeredAt: z.iso.datetime().nullable(),
  /** The carrier's id of the shipment (what cancellation names). */
  shipmentId: z.string().nullable(),
  /** The carrier's label kept for the parcel: its format, or null when none came. */
  labelFormat: z.enum(['pdf', 'zpl']).nullable(),
});
export type CarrierRegistrationView = z.infer<typeof carrierRegistrationSchema>;

/** What a "send to carrier" over a selection did. */
export const sendToCarrierResultSchema = z.object({
  /** Parcels whose carrier was asked. */
  asked: z.number().int(),
  registered: z.number().int(),
  rejected: z.number().int(),
  /** No answer: left to the retry sweep. */
  unanswered: z.number().int(),
  /** Not sent: already registered, not new any more, no carrier, or a carrier that cannot be asked. */
  notSent: z.number().int(),
});
export type SendToCarrierResult = z.infer<typeof sendToCarrierResultSchema>;
export const emptySendToCarrierResult = (): SendToCarrierResult => ({
  asked: 0,
  registered: 0,
  rejected: 0,
  unanswered: 0,
  notSent: 0,
});

/** POST /order/sendToCarrier: the job started and how many parcels it looks at. */
export const sendToCarrierReplySchema = z.object({ jobId: z.string(), count: z.number().int() });
export type SendToCarrierReply = z.infer<typeof sendToCarrierReplySchema>;

/** GET /carriers/sandboxes: the carriers that are the demo's sandboxes (decision 0148), to mark them "sandbox". */
export const carrierSandboxesSchema = z.object({
  /** Carrier types answered by a sandbox the app started (no URL of the real carrier configured). */
  types: z.array(z.string()),
  /** The operators of those types. */
  operatorIds: z.array(z.uuid()),
});
export type CarrierSandboxes = z.infer<typeof carrierSandboxesSchema>;
