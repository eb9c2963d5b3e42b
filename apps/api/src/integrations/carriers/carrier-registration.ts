/**
 * The carrier-registration port (decision 0147): creates a parcel's shipment at its carrier and brings back the
 * carrier's numbers and label. It never throws:
 * - `registered`: the carrier took the shipment (its id for later calls, the tracking number, perhaps a last-mile
 *   number and its label);
 * - `rejected`: the carrier refused the data (its validation); each error names our field where the carrier named
 *   one it maps to, so the panel shows it under that field. Asking again with the same data does not help;
 * - `unavailable`: no answer could be had (network, timeout, 5xx, 429, bad credentials, an unreadable reply) and
 *   asking again later may help (the retry sweep does).
 */

/** Our parcel's fields a carrier's refusal can name (the parcel form's field paths). */
export const SHIPMENT_FIELDS = [
  'weightKg',
  'sizeCmL',
  'sizeCmW',
  'sizeCmD',
  'packageCount',
  'value',
  'valueCurrency',
  'content',
  'referenceNumber',
  'dropOffPoint',
  'cod.amountCOD',
  'cod.codCurrency',
  'insurance.amount',
  'pickupAddress.name',
  'pickupAddress.street',
  'pickupAddress.building',
  'pickupAddress.city',
  'pickupAddress.zipCode',
  'pickupAddress.country',
  'pickupAddress.phone',
  'pickupAddress.email',
  'destinationAddress.name',
  'destinationAddress.street',
  'destinationAddress.building',
  'destinationAddress.city',
  'destinationAddress.zipCode',
  'destinationAddress.country',
  'destinationAddress.phone',
  'destinationAddress.email',
] as const;
export type ShipmentField = (typeof SHIPMENT_FIELDS)[number];

export interface ShipmentAddress {
  name: string;
  street: string;
  building: string;
  apartment: string | null;
  city: string;
  zipCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
}

/** What a carrier is asked to carry: the parcel as entered, the client's defaults already applied. */
export interface ShipmentParcel {
  /** Our number for it (the carrier's "reference" / "customer reference"). */
  internalNumber: string;
  referenceNumber: string | null;
  /** Kilograms, e.g. "1.500". */
  weightKg: string;
  sizeCmL: number;
  sizeCmW: number;
  sizeCmD: number;
  packageCount: number;
  /** Declared value, e.g. "100.00", in `valueCurrency`. */
  value: string | null;
  valueCurrency: string | null;
  content: string | null;
  sender: ShipmentAddress;
  receiver: ShipmentAddress;
  cod: { amount: string; currency: string } | null;
  insurance: { amount: string; currency: string } | null;
  /** A pickup point / parcel locker id (InPost locker, Packeta point). */
  dropOffPoint: string | null;
  /** Label format wanted from the carrier. */
  labelFormat: 'pdf' | 'zpl';
}

export interface CarrierLabel {
  format: 'pdf' | 'zpl';
  data: Buffer;
}

export interface ShipmentFieldError {
  /** Our field the carrier's error is about, or null when it named none we know. */
  field: ShipmentField | null;
  /** The carrier's own words (shown as they came: carriers answer in their language). */
  message: string;
}

export type RegistrationResult =
  | {
      kind: 'registered';
      /** The carrier's id of the shipment for later calls (cancellation): ShipX shipment id, Packeta packet id… */
      shipmentId: string;
      /** The number the carrier tracks it by (our `externalNumber`; the status refresh asks with it). */
      trackingNumber: string;
      /** The delivering carrier's number when another carrier does the last mile (Landmark, Packeta's partners). */
      lastMileNumber: string | null;
      /** The carrier's label, when its API gives one with the registration. */
      label: CarrierLabel | null;
    }
  | { kind: 'rejected'; errors: ShipmentFieldError[] }
  | { kind: 'unavailable'; reason: string };

export interface RegistrationRequest {
  /** The operator's type (contracts OPERATOR_TYPES), which picks the adapter. */
  operatorType: string;
  /** The operator's configuration: plain fields and decrypted secrets together. */
  config: Readonly<Record<string, unknown>>;
  parcel: ShipmentParcel;
}

/** One carrier's registration adapter; `base` is the configured base URL (no trailing slash). */
export interface RegistrationAdapter {
  register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    parcel: ShipmentParcel,
  ): Promise<RegistrationResult>;
}

/** Nest token and contract of the port. */
export abstract class CarrierRegistration {
  /** Whether this type has a registration adapter and its base URL is configured (otherwise nobody is asked). */
  abstract canRegister(operatorType: string): boolean;
  abstract register(request: RegistrationRequest): Promise<RegistrationResult>;
}

export const registered = (
  shipmentId: string,
  trackingNumber: string,
  label: CarrierLabel | null,
  lastMileNumber: string | null = null,
): RegistrationResult => ({ kind: 'registered', shipmentId, trackingNumber, lastMileNumber, label });
export const rejected = (errors: ShipmentFieldError[]): RegistrationResult => ({
  kind: 'rejected',
  errors: errors.length ? errors : [{ field: null, message: 'Rejected by the carrier' }],
});
export const registrationUnavailable = (reason: string): RegistrationResult => ({
  kind: 'unavailable',
  reason,
});

/** What an HTTP status that is not the carrier's answer means for registration (as for cancellation). */
export function registrationUnavailableStatus(status: number): RegistrationResult {
  if (status === 401 || status === 403) return registrationUnavailable('AUTH_FAILED');
  if (status === 429) return registrationUnavailable('RATE_LIMITED');
  return registrationUnavailable(`HTTP_${status}`);
}
