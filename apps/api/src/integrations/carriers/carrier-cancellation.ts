/**
 * The carrier-cancellation port (decision 0100): asks a parcel's carrier to cancel (void) its shipment. It never
 * throws: `refused` means the carrier will not cancel any more (already picked up, dispatched, unknown there);
 * `unavailable` means no answer could be had (network, timeout, 5xx, 429, bad credentials, an unreadable reply)
 * and asking again later may help.
 */
export type CarrierCancelResult =
  { kind: 'canceled' } | { kind: 'refused'; reason: string } | { kind: 'unavailable'; reason: string };

export interface CarrierCancelRequest {
  /** The operator's type (contracts OPERATOR_TYPES), which picks the adapter. */
  operatorType: string;
  /** The operator's configuration: plain fields and decrypted secrets together. */
  config: Readonly<Record<string, unknown>>;
  /** The carrier's own shipment id (the parcel's externalNumber). */
  shipmentId: string;
}

/** Nest token and contract of the port. */
export abstract class CarrierCancellation {
  /** Whether this type has an adapter and its base URL is configured (otherwise nobody is asked). */
  abstract canAsk(operatorType: string): boolean;
  abstract cancelShipment(request: CarrierCancelRequest): Promise<CarrierCancelResult>;
}

/** One carrier's adapter; `base` is the configured base URL (no trailing slash). */
export interface CarrierAdapter {
  cancel(
    base: string,
    config: Readonly<Record<string, unknown>>,
    shipmentId: string,
  ): Promise<CarrierCancelResult>;
}

export const canceled = (): CarrierCancelResult => ({ kind: 'canceled' });
export const refused = (reason: string): CarrierCancelResult => ({ kind: 'refused', reason });
export const unavailable = (reason: string): CarrierCancelResult => ({ kind: 'unavailable', reason });

/** What an HTTP status that is not the carrier's answer means: always `unavailable`, with a stable reason. */
export function unavailableStatus(status: number): CarrierCancelResult {
  if (status === 401 || status === 403) return unavailable('AUTH_FAILED');
  if (status === 429) return unavailable('RATE_LIMITED');
  return unavailable(`HTTP_${status}`);
}

/** A config value as text ('' when missing). */
export const text = (config: Readonly<Record<string, unknown>>, key: string): string => {
  const v = config[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};
